; Entered at one place only: its messages name no include.
        lda speed_not_set
