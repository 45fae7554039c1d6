//! {{NAME}}: the 6502 program lives in `main.asm`; its tests are in `tests/`.
