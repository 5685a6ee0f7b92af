#ifndef NSESIM_CMAGIC_SHIM_H
#define NSESIM_CMAGIC_SHIM_H
#include <magic.h>
#endif
