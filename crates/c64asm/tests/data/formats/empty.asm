; No bytes at all, only a label and uninitialized memory.
* = $1000
label   .fill 10
