; 64tass: -a -C | -a
; PETSCII escapes and Unicode graphics in --ascii sources
* = $c000
        .text "{clr}{home}{rvs on}text{rvs off}{return}"
        .text "{white}{red}{cyan}{purple}{green}{blue}{yellow}{orange}"
        .text "{brown}{lt red}{gray1}{gray2}{lt green}{lt blue}{gray3}{black}"
        .text "{up}{down}{left}{right}{del}{inst}{f1}{f3}{f5}{f7}"
        .text "{cbm-a}{shift-a}{pi}{pound}{left arrow}{up arrow}"
        .text "£π←↑─│┌┐└┘├┤┬┴┼"
        .text "♠♥♦♣"
        .enc "screen"
        .text "{pi}{cbm-a}{shift-space}{pound}"
        .text "£π←↑─│"
