#ifndef NSESIM_CCURL_SHIM_H
#define NSESIM_CCURL_SHIM_H
#include <curl/curl.h>
#endif
