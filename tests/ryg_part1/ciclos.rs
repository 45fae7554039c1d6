//! Cycle counts of the main routines: the table in docs/ryg.md.

use c64emu::Machine;

use crate::common::*;
use crate::*;

/// The rows of docs/ryg.md's cycle table: (routine, case, cycles as reported by
/// `Machine::call`, JSR and RTS included). Pure 6502 code: the same figures as py65
/// plus the 6 cycles of the JSR.
fn documented_cycles() -> Vec<(String, String, u64)> {
    docs::table(&docs::doc("ryg.md"), "routine | case | cycles")
        .into_iter()
        .map(|row| {
            let routine = docs::quoted(&row[0])
                .pop()
                .expect("a routine in backquotes");
            (routine, row[1].clone(), docs::number(&row[2]) as u64)
        })
        .collect()
}

/// Prepares one cycle-count case on a machine holding the initial board at PARENT.
fn prepare_cycle_case(m: &mut Machine, routine: &str, case: &str) {
    let fill_ptr = |m: &mut Machine, prefix: &str| set_ptr(m, prefix, PARENT);
    match (routine, case) {
        ("inicializaTablero", _) => fill_ptr(m, "itTablero"),
        ("fijaNivel", _) => fill_ptr(m, "fnTablero"),
        ("dameNivel", _) => fill_ptr(m, "dnTablero"),
        ("fijaPadre", _) => fill_ptr(m, "fpTablero"),
        ("damePadre", _) => fill_ptr(m, "dpTablero"),
        ("fijaHijo", _) => {
            fill_ptr(m, "fhTablero");
            set(m, "fhNumHijo", 7);
        }
        ("dameHijo", _) => {
            fill_ptr(m, "dhTablero");
            set(m, "dhNumHijo", 7);
        }
        ("dameOffset", _) => {
            set(m, "doFila", 7);
            set(m, "doColumna", 3);
        }
        ("dameFilaCol", "row 0") => set(m, "dfcOffset", 24),
        ("dameFilaCol", _) => set(m, "dfcOffset", 83),
        ("fijaContenido", _) => {
            fill_ptr(m, "fcTablero");
            set(m, "fcFila", 7);
            set(m, "fcColumna", 3);
            set(m, "fcContenido", MOUSE);
        }
        ("dameContenido", _) => {
            fill_ptr(m, "dcTablero");
            set(m, "dcFila", 7);
            set(m, "dcColumna", 3);
        }
        ("dameRaton", _) => fill_ptr(m, "drTablero"),
        ("dameGato", "cat 3") => {
            fill_ptr(m, "dgTablero");
            set(m, "dgNumGato", 3);
        }
        ("dameGato", _) => {
            fill_ptr(m, "dgTablero");
            set(m, "dgNumGato", 0);
        }
        ("copiaTableroSinHijos", _) => {
            fill_ptr(m, "ctOrigen");
            set_ptr(m, "ctDestino", OTHER);
        }
        ("dameNumHijos", _) => fill_ptr(m, "dnhTablero"),
        ("dameDatosBasicos", _) => fill_ptr(m, "ddbTablero"),
        ("generaJugadaRaton", _) => {
            set(m, "gjrFila", 7);
            set(m, "gjrColumna", 3);
            set(m, "gjrJugada", 1);
        }
        ("generaJugadaGato", _) => {
            fill_ptr(m, "gjgTablero");
            set(m, "gjgNumGato", 3);
            set(m, "gjgJugada", 0);
        }
        ("validaJugada", "off the board") => {
            fill_ptr(m, "vjTablero");
            set(m, "vjFila", 8);
            set(m, "vjColumna", 4);
        }
        ("validaJugada", _) => {
            fill_ptr(m, "vjTablero");
            set(m, "vjFila", 6);
            set(m, "vjColumna", 2);
        }
        ("aplicaJugadaRatonHijo", _) => {
            set_ptr(m, "arbolLibre", TREE);
            fill_ptr(m, "ajrTablero");
            set(m, "ajrJugada", 1);
        }
        ("aplicaJugadaGatoHijo", _) => {
            set_ptr(m, "arbolLibre", TREE);
            fill_ptr(m, "ajgTablero");
            set(m, "ajgNumGato", 3);
            set(m, "ajgJugada", 0);
        }
        ("pintaTablero", _) => fill_ptr(m, "ptTablero"),
        (other, case) => panic!("no cycle case {other} / {case}"),
    }
}

#[test]
fn cycle_counts_of_the_main_routines() {
    let base = {
        let mut m = machine();
        put_board(&mut m, PARENT, &initial_board());
        m
    };
    let measure = |routine: &str, case: &str| {
        let mut m = base.clone();
        prepare_cycle_case(&mut m, routine, case);
        call_checked(&mut m, routine).cycles
    };
    let documented = documented_cycles();
    assert!(documented.len() >= 24, "{} rows", documented.len());
    println!("| routine | case | cycles |\n|---|---|---:|");
    let mut measured = Vec::new();
    for (routine, case, _) in &documented {
        let cycles = measure(routine, case);
        println!("| `{routine}` | {case} | {cycles} |");
        measured.push((routine.clone(), case.clone(), cycles));
    }
    // Painting spends most of its time in CHROUT, which the emulator runs natively: its
    // figure depends on the emulator's cost model, so it is reported, not pinned.
    let paint = measure("pintaTablero", "initial board");
    let mut boot = machine();
    boot.autostart().expect("SYS line");
    let start = boot.cycles();
    boot.run_until("esperandoTecla", 5_000_000)
        .expect("the title screen waits for a key");
    let program = boot.cycles() - start;
    println!("| `pintaTablero` | initial board (CHROUT native) | {paint} |");
    println!("| whole program | SYS 2064 to the title screen (CHROUT native) | {program} |");
    assert!(
        paint > 16_000 && paint < 100_000,
        "pintaTablero took {paint} cycles"
    );
    assert!(
        program > paint && program < 200_000,
        "the program took {program} cycles"
    );
    assert_eq!(
        measured, documented,
        "the cycle table of docs/ryg.md is not what the routines take"
    );
}
