#include "CGreeting.h"
