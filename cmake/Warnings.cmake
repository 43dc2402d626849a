# The project's own code builds warning-free: every target links this PRIVATE, so the flags never
# reach a consumer's code (or the third-party headers, which come in as system includes).
option(ATTNLAW_WERROR "Treat warnings in the project's own code as errors" ON)
add_library(attnlaw_warnings INTERFACE)
target_compile_options(attnlaw_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow $<$<BOOL:${ATTNLAW_WERROR}>:-Werror>)
