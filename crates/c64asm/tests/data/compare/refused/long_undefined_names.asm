; 64tass: -a
; 64tass names an undefined symbol only when the name fits in 40 columns:
; "not defined symbol" alone for a longer one.
        * = $1000
        lda #forty_characters_in_this_name_exactly_
        lda #forty_one_characters_in_this_name_here_
        .word RESPONSE_VOLUME_BROWSER_PRINT_STRING_AND_FLUSH_BUFFER
