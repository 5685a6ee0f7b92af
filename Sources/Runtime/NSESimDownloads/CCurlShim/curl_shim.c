#include "CCurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// libcurl's entry points, resolved by nsesim_curl_load().
static struct {
    CURLcode (*global_init)(long flags);
    char *(*version)(void);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *handle);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout_ms, int *numfds);
    CURLMcode (*multi_cleanup)(CURLM *multi);
    CURLMcode (*multi_setopt)(CURLM *multi, CURLMoption option, ...);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *queued);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

#define RESOLVE(field, name)                                                              \
    do {                                                                                  \
        *(void **)(&curl.field) = dlsym(library, name);                                   \
        if (curl.field == NULL) {                                                         \
            snprintf(load_error, sizeof load_error, "libcurl has no %s: %s", name, dlerror()); \
            return;                                                                       \
        }                                                                                 \
    } while (0)

static void load(void) {
    // RTLD_LOCAL keeps libcurl's symbols out of the process's global namespace.
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error,
                 "cannot load libcurl.so.4 (install libcurl4-openssl-dev or libcurl4): %s", dlerror());
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(version, "curl_version");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
        return;
    }
    loaded = 1;
}

int nsesim_curl_load(char *error, size_t size) {
    pthread_once(&load_once, load);
    if (!loaded && error != NULL && size > 0) {
        snprintf(error, size, "%s", load_error);
    }
    return loaded;
}

const char *nsesim_curl_version(void) { return loaded ? curl.version() : NULL; }

CURL *nsesim_curl_easy_init(void) { return curl.easy_init(); }
void nsesim_curl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *nsesim_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }

CURLcode nsesim_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode nsesim_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode nsesim_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode nsesim_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}

CURLcode nsesim_curl_setopt_write_callback(CURL *handle, CURLoption option, nsesim_curl_write_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}

CURLcode nsesim_curl_setopt_xferinfo_callback(CURL *handle, nsesim_curl_xferinfo_callback callback) {
    CURLcode code = curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
    if (code != CURLE_OK) return code;
    return curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
}

CURLcode nsesim_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode nsesim_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode nsesim_curl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLcode nsesim_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl.easy_getinfo(handle, info, value);
}

CURLM *nsesim_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode nsesim_curl_multi_add_handle(CURLM *multi, CURL *handle) { return curl.multi_add_handle(multi, handle); }
CURLMcode nsesim_curl_multi_remove_handle(CURLM *multi, CURL *handle) { return curl.multi_remove_handle(multi, handle); }
CURLMcode nsesim_curl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMcode nsesim_curl_multi_poll(CURLM *multi, int timeout_ms, int *numfds) {
    return curl.multi_poll(multi, NULL, 0, timeout_ms, numfds);
}
CURLMcode nsesim_curl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode nsesim_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl.multi_setopt(multi, option, value);
}

int nsesim_curl_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int queued = 0;
    CURLMsg *message;
    while ((message = curl.multi_info_read(multi, &queued)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *handle = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
