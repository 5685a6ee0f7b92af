#ifndef NSESIM_CCURLSHIM_H
#define NSESIM_CCURLSHIM_H

// Typed wrappers for libcurl, which Swift cannot call directly where it is variadic
// (curl_easy_setopt, curl_easy_getinfo), and which nsesim loads lazily: the first call
// of nsesim_curl_load() dlopens libcurl.so.4 and runs curl_global_init once. Every other
// function requires a successful nsesim_curl_load() first.

#include <curl/curl.h>
#include <stddef.h>

/// The write callback libcurl calls with each piece of the body.
typedef size_t (*nsesim_curl_write_callback)(char *data, size_t size, size_t nmemb, void *userdata);
/// The progress callback (CURLOPT_XFERINFOFUNCTION); a non-zero return aborts the transfer.
typedef int (*nsesim_curl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

/// Loads libcurl once (thread-safe). Returns 1 when it is usable; otherwise 0 and, when
/// `error` is not NULL, why in `error` (at most `size` bytes, NUL-terminated).
int nsesim_curl_load(char *error, size_t size);
/// libcurl's version string, e.g. "libcurl/7.88.1 OpenSSL/3.0.17 ..."; NULL if not loaded.
const char *nsesim_curl_version(void);

CURL *nsesim_curl_easy_init(void);
void nsesim_curl_easy_cleanup(CURL *handle);
const char *nsesim_curl_easy_strerror(CURLcode code);

CURLcode nsesim_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode nsesim_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode nsesim_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode nsesim_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode nsesim_curl_setopt_write_callback(CURL *handle, CURLoption option, nsesim_curl_write_callback callback);
CURLcode nsesim_curl_setopt_xferinfo_callback(CURL *handle, nsesim_curl_xferinfo_callback callback);

CURLcode nsesim_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode nsesim_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
CURLcode nsesim_curl_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode nsesim_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

CURLM *nsesim_curl_multi_init(void);
CURLMcode nsesim_curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode nsesim_curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode nsesim_curl_multi_perform(CURLM *multi, int *running);
CURLMcode nsesim_curl_multi_poll(CURLM *multi, int timeout_ms, int *numfds);
CURLMcode nsesim_curl_multi_cleanup(CURLM *multi);
CURLMcode nsesim_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
/// The next finished transfer: returns 1 and sets `handle` and `result`, or 0 when none
/// is waiting (spares Swift the CURLMsg union).
int nsesim_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

#endif
