#ifndef NSESIM_CCURLSHIM_H
#define NSESIM_CCURLSHIM_H

// Typed wrappers for libcurl's variadic calls, which Swift cannot call directly.
// One wrapper per argument type; each returns libcurl's own CURLcode.

#include <curl/curl.h>

/// The write callback libcurl calls with each piece of the body.
typedef size_t (*nsesim_curl_write_callback)(char *data, size_t size, size_t nmemb, void *userdata);
/// The progress callback (CURLOPT_XFERINFOFUNCTION); a non-zero return aborts the transfer.
typedef int (*nsesim_curl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                             curl_off_t ultotal, curl_off_t ulnow);

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

CURLMcode nsesim_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

#endif
