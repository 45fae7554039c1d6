        .word partlabel
