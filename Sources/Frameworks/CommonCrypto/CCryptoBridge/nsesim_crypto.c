#define OPENSSL_SUPPRESS_DEPRECATED 1
#include "nsesim_crypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/provider.h>
#include <openssl/rand.h>

// Each libcrypto function used, as a pointer resolved at load: its type from OpenSSL's own
// declaration, so a mismatch is a compile error.
#define FUNCTIONS(X) \
    X(EVP_get_digestbyname) X(EVP_MD_CTX_new) X(EVP_MD_CTX_free) X(EVP_DigestInit_ex) X(EVP_DigestUpdate) \
    X(EVP_DigestFinal_ex) X(HMAC_CTX_new) X(HMAC_CTX_free) X(HMAC_Init_ex) X(HMAC_Update) X(HMAC_Final) \
    X(EVP_get_cipherbyname) X(EVP_CIPHER_CTX_new) X(EVP_CIPHER_CTX_free) X(EVP_CipherInit_ex) \
    X(EVP_CIPHER_CTX_set_padding) X(EVP_CIPHER_CTX_set_key_length) X(EVP_CipherUpdate) X(EVP_CipherFinal_ex) \
    X(PKCS5_PBKDF2_HMAC) X(RAND_bytes) X(OSSL_PROVIDER_load)

#define DECLARE(name) static __typeof__(&name) p_##name;
FUNCTIONS(DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char load_error[512];
static __thread const char *last_error;

static void load(void) {
    void *library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_error, sizeof load_error, "libcrypto.so.3 (Debian's libssl3) could not be loaded: %s", dlerror());
        return;
    }
#define RESOLVE(name)                                                                              \
    p_##name = (__typeof__(p_##name))dlsym(library, #name);                                        \
    if (!p_##name) {                                                                               \
        snprintf(load_error, sizeof load_error, "libcrypto.so.3 has no %s", #name);               \
        return;                                                                                    \
    }
    FUNCTIONS(RESOLVE)
    loaded = 1;
}

int nsesim_crypto_load(void) {
    pthread_once(&once, load);
    if (!loaded) last_error = load_error;
    return loaded;
}

const char *nsesim_crypto_error(void) { return last_error; }

static int fail(const char *why) {
    last_error = why;
    return 0;
}

void *nsesim_digest_new(const char *name) {
    if (!nsesim_crypto_load()) return NULL;
    const EVP_MD *md = p_EVP_get_digestbyname(name);
    if (!md) return fail("unknown digest"), NULL;
    EVP_MD_CTX *context = p_EVP_MD_CTX_new();
    if (!context || !p_EVP_DigestInit_ex(context, md, NULL)) {
        if (context) p_EVP_MD_CTX_free(context);
        return fail("the digest could not be started"), NULL;
    }
    return context;
}

int nsesim_digest_update(void *context, const void *data, size_t length) {
    return length == 0 || p_EVP_DigestUpdate(context, data, length);
}

int nsesim_digest_final(void *context, unsigned char *out) {
    unsigned int length = 0;
    return p_EVP_DigestFinal_ex(context, out, &length);
}

void nsesim_digest_free(void *context) {
    if (context) p_EVP_MD_CTX_free(context);
}

void *nsesim_hmac_new(const char *name, const void *key, size_t key_length) {
    if (!nsesim_crypto_load()) return NULL;
    const EVP_MD *md = p_EVP_get_digestbyname(name);
    if (!md) return fail("unknown digest"), NULL;
    HMAC_CTX *context = p_HMAC_CTX_new();
    static const unsigned char empty = 0;
    if (!context || !p_HMAC_Init_ex(context, key_length ? key : &empty, (int)key_length, md, NULL)) {
        if (context) p_HMAC_CTX_free(context);
        return fail("the HMAC could not be started"), NULL;
    }
    return context;
}

int nsesim_hmac_update(void *context, const void *data, size_t length) {
    return length == 0 || p_HMAC_Update(context, data, length);
}

int nsesim_hmac_final(void *context, unsigned char *out) {
    unsigned int length = 0;
    return p_HMAC_Final(context, out, &length);
}

void nsesim_hmac_free(void *context) {
    if (context) p_HMAC_CTX_free(context);
}

// DES, CAST, RC2, RC4 and Blowfish live in OpenSSL 3's legacy provider; loading any provider
// stops the default one from loading by itself, so both are loaded, once, when first needed.
static pthread_once_t legacy_once = PTHREAD_ONCE_INIT;
static void load_legacy(void) {
    p_OSSL_PROVIDER_load(NULL, "legacy");
    p_OSSL_PROVIDER_load(NULL, "default");
}

static int is_legacy(const char *name) {
    return (strncmp(name, "DES-", 4) == 0 && strncmp(name, "DES-EDE3", 8) != 0) || strncmp(name, "CAST5", 5) == 0
        || strncmp(name, "RC2", 3) == 0 || strcmp(name, "RC4") == 0 || strncmp(name, "BF-", 3) == 0;
}

void *nsesim_cipher_new(const char *name, int encrypt, const void *key, size_t key_length, const void *iv, int padding) {
    if (!nsesim_crypto_load()) return NULL;
    if (is_legacy(name)) pthread_once(&legacy_once, load_legacy);
    const EVP_CIPHER *cipher = p_EVP_get_cipherbyname(name);
    if (!cipher) return fail("libcrypto does not know this cipher"), NULL;
    static const unsigned char zeros[32] = {0};
    EVP_CIPHER_CTX *context = p_EVP_CIPHER_CTX_new();
    if (!context) return fail("out of memory"), NULL;
    // Key length first (variable-length ciphers), then the key and IV.
    if (!p_EVP_CipherInit_ex(context, cipher, NULL, NULL, NULL, encrypt)
        || !p_EVP_CIPHER_CTX_set_key_length(context, (int)key_length)
        || !p_EVP_CipherInit_ex(context, NULL, NULL, key, iv ? iv : zeros, encrypt)) {
        p_EVP_CIPHER_CTX_free(context);
        return fail("libcrypto refused the cipher (its provider is not available, or the key)"), NULL;
    }
    p_EVP_CIPHER_CTX_set_padding(context, padding);
    return context;
}

int nsesim_cipher_update(void *context, const void *in, size_t length, void *out, size_t *written) {
    int count = 0;
    *written = 0;
    if (length == 0) return 1;
    if (!p_EVP_CipherUpdate(context, out, &count, in, (int)length)) return fail("the cipher failed");
    *written = (size_t)count;
    return 1;
}

int nsesim_cipher_final(void *context, void *out, size_t *written) {
    int count = 0;
    *written = 0;
    if (!p_EVP_CipherFinal_ex(context, out, &count)) return fail("bad padding, or a partial block without padding");
    *written = (size_t)count;
    return 1;
}

void nsesim_cipher_free(void *context) {
    if (context) p_EVP_CIPHER_CTX_free(context);
}

int nsesim_pbkdf2(const char *password, size_t password_length, const unsigned char *salt, size_t salt_length,
                  unsigned int rounds, const char *name, unsigned char *out, size_t out_length) {
    if (!nsesim_crypto_load()) return 0;
    const EVP_MD *md = p_EVP_get_digestbyname(name);
    if (!md) return fail("unknown digest");
    static const char empty = 0;
    return p_PKCS5_PBKDF2_HMAC(password_length ? password : &empty, (int)password_length,
                               salt_length ? salt : (const unsigned char *)&empty, (int)salt_length, (int)rounds, md,
                               (int)out_length, out);
}

int nsesim_random(void *out, size_t count) {
    if (!nsesim_crypto_load()) return 0;
    return p_RAND_bytes(out, (int)count) == 1;
}
