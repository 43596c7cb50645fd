// libedit's native API. el_set, el_get and history are variadic, which Swift cannot
// call, so the few calls cachetutor needs are wrapped below as static inline functions.
#include <stdio.h>
#include <locale.h>
#include <histedit.h>
