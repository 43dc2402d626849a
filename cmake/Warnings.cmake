add_library(attnlaw_warnings INTERFACE)
target_compile_options(attnlaw_warnings INTERFACE -Wall -Wextra -Wpedantic)
