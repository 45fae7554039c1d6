//! Arbol.asm: `tableroActual`, the tree area below the BASIC ROM, `inicializaArbol`.

use crate::common::*;

#[test]
fn the_tree_area_lies_below_the_basic_rom() {
    let start = sym("inicioArbol");
    assert_eq!(sym("finArbol"), 0xA000);
    let end = end_address();
    assert_eq!(end, start as usize, "the .prg ends where the tree starts");
    assert!(
        start < 0xA000 - 88 * 300,
        "room for at least 300 tree boards"
    );
}

#[test]
fn inicializa_arbol_points_at_the_tree_start() {
    let mut m = machine();
    set_ptr(&mut m, "arbolLibre", 0x8000);
    let c = call_checked(&mut m, "inicializaArbol");
    assert_eq!(get_ptr(&m, "arbolLibre"), sym("inicioArbol"));
    c.assert_only_changed("inicializaArbol", &fields(&["arbol"]));
}

#[test]
fn boards_under_the_basic_rom_would_read_back_wrong() {
    // Why finArbol is $A000: a board the program writes at $A000 lands in the RAM under
    // the BASIC ROM, and reading it back returns ROM. Strict mode catches it.
    let mut m = machine();
    set_ptr(&mut m, "itTablero", 0xA000);
    m.call("inicializaTablero", CALL_BUDGET).expect("returns");
    assert_eq!(m.strict_violations(), &[]);
    set_ptr(&mut m, "drTablero", 0xA000);
    m.call("dameRaton", CALL_BUDGET).expect("returns");
    assert!(
        m.strict_violations().iter().any(|v| v.addr == 0xA000 + 24),
        "{:?}",
        m.strict_violations()
    );
}

/// docs/ryg.md's memory map gives the program's addresses: each row that names a label
/// starts at that label (or names the zero-page / I/O location it is), the tree area
/// ends below $A000 and holds the number of boards the page says, the strategy table
/// has the size it says.
#[test]
fn the_memory_map_in_the_docs_is_the_programs() {
    let text = docs::doc("ryg.md");
    let rows = docs::table(&text, "address");
    let mut checked = 0;
    for row in &rows {
        let (addrs, names) = (docs::addresses(&row[0]), docs::quoted(&row[1]));
        let identifier = |n: &&String| {
            n.starts_with(|c: char| c.is_ascii_lowercase())
                && n.chars().all(|c| c.is_ascii_alphanumeric())
        };
        let Some(name) = names.iter().find(identifier) else {
            continue;
        };
        let Some(&first) = addrs.first() else {
            panic!("memory map row without an address: {row:?}")
        };
        assert_eq!(first, sym(name), "docs/ryg.md memory map: `{name}`");
        checked += 1;
    }
    assert!(checked >= 9, "{checked} rows checked");
    let tree = rows
        .iter()
        .find(|r| r[1].contains("`inicioArbol`"))
        .expect("the tree row");
    let boards = (0xA000 - usize::from(sym("inicioArbol"))) / BOARD_LEN;
    assert_eq!(docs::addresses(&tree[0]), [sym("inicioArbol"), 0x9FFF]);
    assert!(
        tree[1].contains(&format!("{boards} boards of 88 bytes")),
        "{tree:?}"
    );
    // The table runs from its label to the next label.
    let start = sym("tblEstrategia");
    let next = program()
        .address_labels()
        .into_iter()
        .map(|(_, a)| a)
        .filter(|&a| a > start)
        .min()
        .expect("code after the table");
    let table = rows
        .iter()
        .find(|r| r[1].contains("`tblEstrategia`"))
        .expect("the table row");
    let size = docs::thousands(u128::from(next - start));
    assert!(table[1].contains(&format!("({size} bytes")), "{table:?}");
    // The program's end and the first free board, as the map says.
    assert_eq!(usize::from(sym("inicioArbol")), end_address());
}
