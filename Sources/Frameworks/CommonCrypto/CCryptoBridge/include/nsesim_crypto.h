#ifndef NSESIM_CRYPTO_H
#define NSESIM_CRYPTO_H

#include <stddef.h>

// CommonCrypto's work done by Debian's libcrypto (OpenSSL 3), loaded with dlopen on the first
// call, so that an extension that imports CommonCrypto but never calls it loads nothing.
// Contexts are opaque; every function returns 1 on success, 0 on failure.

/// Loads libcrypto (once): 1 when loaded, 0 when not (nsesim_crypto_error says why).
int nsesim_crypto_load(void);
/// Why the last call failed, or NULL.
const char *nsesim_crypto_error(void);

/// A digest context of `name` ("MD5", "SHA1", "SHA224", "SHA256", "SHA384", "SHA512"), or NULL.
void *nsesim_digest_new(const char *name);
int nsesim_digest_update(void *context, const void *data, size_t length);
/// Writes the digest to `out` (its full length).
int nsesim_digest_final(void *context, unsigned char *out);
void nsesim_digest_free(void *context);

/// An HMAC context with the digest `name` and the key, or NULL.
void *nsesim_hmac_new(const char *name, const void *key, size_t key_length);
int nsesim_hmac_update(void *context, const void *data, size_t length);
int nsesim_hmac_final(void *context, unsigned char *out);
void nsesim_hmac_free(void *context);

/// A cipher context of OpenSSL's cipher `name` ("AES-128-CBC", "DES-EDE3-ECB", "AES-256-CTR", …)
/// for encryption (`encrypt` 1) or decryption, PKCS#7 padding when `padding` is 1, or NULL.
/// `iv` may be NULL (zeros).
void *nsesim_cipher_new(const char *name, int encrypt, const void *key, size_t key_length, const void *iv, int padding);
/// Processes `length` bytes; `out` has room for `length` plus a block; `written` gets the count.
int nsesim_cipher_update(void *context, const void *in, size_t length, void *out, size_t *written);
/// Finishes (the last block, its padding); 0 when decrypted padding is wrong.
int nsesim_cipher_final(void *context, void *out, size_t *written);
void nsesim_cipher_free(void *context);

/// PBKDF2 with HMAC of the digest `name`.
int nsesim_pbkdf2(const char *password, size_t password_length, const unsigned char *salt, size_t salt_length,
                  unsigned int rounds, const char *name, unsigned char *out, size_t out_length);

/// Cryptographically secure random bytes.
int nsesim_random(void *out, size_t count);

#endif
