//! A test file as a tree of values that each know their place in the file: read from
//! TOML by `toml_edit` (which keeps the span of every key and value), then merged with
//! `[defaults]` and with each row of a table of cases before the test is read.

use std::ops::Range;
use std::sync::Arc;

use toml_edit::{Item, Value};

use super::diag::{Diag, FileText, Place};

/// A value and where it is.
#[derive(Clone, Debug)]
pub struct Node {
    /// The value.
    pub val: Val,
    /// Where it is (a table without a span of its own: its key's).
    pub place: Place,
}

/// What a node holds.
#[derive(Clone, Debug)]
pub enum Val {
    /// An integer.
    Int(i64),
    /// A string: its text, and where that text starts in the file when it is the
    /// file's characters as they are (no escapes, no substitution).
    Str(String, Option<usize>),
    /// A boolean.
    Bool(bool),
    /// An array.
    Array(Vec<Node>),
    /// A table (inline or not), keys in file order.
    Table(Vec<(Key, Node)>),
}

/// A table's key and where it is.
#[derive(Clone, Debug)]
pub struct Key {
    /// The key as TOML reads it (quotes removed).
    pub name: String,
    /// Where it is.
    pub place: Place,
}

impl Node {
    /// What the value is, for messages.
    pub fn kind(&self) -> &'static str {
        match self.val {
            Val::Int(_) => "an integer",
            Val::Str(..) => "a string",
            Val::Bool(_) => "a boolean",
            Val::Array(_) => "an array",
            Val::Table(_) => "a table",
        }
    }

    /// A problem with this value.
    pub fn err(&self, message: impl Into<String>) -> Diag {
        Diag::new(self.place.clone(), message)
    }

    /// The entries, or an error naming what was expected.
    pub fn table(&self, what: &str) -> Result<&[(Key, Node)], Diag> {
        match &self.val {
            Val::Table(t) => Ok(t),
            _ => Err(self.err(format!("{what} is a table, not {}", self.kind()))),
        }
    }

    /// The text of a string, or an error.
    pub fn str(&self, what: &str) -> Result<&str, Diag> {
        match &self.val {
            Val::Str(s, _) => Ok(s),
            _ => Err(self.err(format!("{what} is a string, not {}", self.kind()))),
        }
    }

    /// A boolean, or an error.
    pub fn bool(&self, what: &str) -> Result<bool, Diag> {
        match self.val {
            Val::Bool(b) => Ok(b),
            _ => Err(self.err(format!("{what} is true or false, not {}", self.kind()))),
        }
    }

    /// A non-negative integer, or an error.
    pub fn count(&self, what: &str) -> Result<u64, Diag> {
        match self.val {
            Val::Int(n) if n >= 0 => Ok(n as u64),
            Val::Int(n) => Err(self.err(format!("{what} cannot be negative ({n})"))),
            _ => Err(self.err(format!("{what} is a number, not {}", self.kind()))),
        }
    }

    /// The items of an array; a single value counts as an array of one.
    pub fn list(&self) -> Vec<&Node> {
        match &self.val {
            Val::Array(a) => a.iter().collect(),
            _ => vec![self],
        }
    }
}

/// Looks up `name` among a table's entries.
pub fn get<'a>(table: &'a [(Key, Node)], name: &str) -> Option<&'a Node> {
    table.iter().find(|(k, _)| k.name == name).map(|(_, v)| v)
}

/// Errors for keys of `table` that are not in `known`, with the nearest known key.
pub fn check_keys(table: &[(Key, Node)], known: &[&str], what: &str) -> Vec<Diag> {
    table
        .iter()
        .filter(|(k, _)| !known.contains(&k.name.as_str()))
        .map(|(k, _)| {
            let d = Diag::new(
                k.place.clone(),
                format!("unknown key `{}` in {what}", k.name),
            );
            match nearest(&k.name, known.iter().copied()) {
                Some(n) => d.note(format!("did you mean `{n}`?")),
                None => d.note(format!("{what} takes: {}", known.join(", "))),
            }
        })
        .collect()
}

/// The name in `known` most like `name`, if any is close.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    known
        .into_iter()
        .map(|k| {
            (
                strsim::jaro_winkler(&name.to_lowercase(), &k.to_lowercase()),
                k,
            )
        })
        .filter(|&(score, _)| score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

/// Reads a TOML document into a tree.
pub fn parse(file: &Arc<FileText>) -> Result<Node, Diag> {
    let doc = toml_edit::Document::parse(file.text.as_str()).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().trim_end().to_string();
        let mut d = Diag::new(
            Place {
                file: file.clone(),
                span,
            },
            message.clone(),
        );
        if message.contains("dotted key") || message.contains("duplicate key") {
            d = d.note(
                "a table in braces is complete: give its keys all in the braces, \
                 or each on its own line (expect.mem.a = 1), not both",
            );
        }
        d
    })?;
    let reader = Reader { file };
    Ok(reader.item(doc.as_item(), 0..0))
}

struct Reader<'a> {
    file: &'a Arc<FileText>,
}

impl Reader<'_> {
    fn place(&self, span: Option<Range<usize>>, fallback: &Range<usize>) -> Place {
        Place {
            file: self.file.clone(),
            span: span.unwrap_or_else(|| fallback.clone()),
        }
    }

    fn item(&self, item: &Item, fallback: Range<usize>) -> Node {
        match item {
            Item::Value(v) => self.value(v, fallback),
            Item::Table(t) => Node {
                val: Val::Table(self.entries(t.iter().map(|(k, i)| (k, t.key(k), i)))),
                place: self.place(t.span(), &fallback),
            },
            Item::ArrayOfTables(a) => Node {
                val: Val::Array(
                    a.iter()
                        .map(|t| self.item(&Item::Table(t.clone()), fallback.clone()))
                        .collect(),
                ),
                place: self.place(a.span(), &fallback),
            },
            Item::None => Node {
                val: Val::Table(Vec::new()),
                place: self.place(None, &fallback),
            },
        }
    }

    fn entries<'i>(
        &self,
        it: impl Iterator<Item = (&'i str, Option<&'i toml_edit::Key>, &'i Item)>,
    ) -> Vec<(Key, Node)> {
        it.map(|(name, key, item)| {
            let span = key.and_then(|k| k.span()).unwrap_or(0..0);
            let k = Key {
                name: name.to_string(),
                place: self.place(Some(span.clone()), &span),
            };
            (k, self.item(item, span))
        })
        .collect()
    }

    fn value(&self, v: &Value, fallback: Range<usize>) -> Node {
        let place = self.place(v.span(), &fallback);
        let val = match v {
            Value::Integer(i) => Val::Int(*i.value()),
            Value::Boolean(b) => Val::Bool(*b.value()),
            Value::String(s) => {
                let text = s.value().clone();
                let at = self.verbatim(&place.span, &text);
                Val::Str(text, at)
            }
            Value::Array(a) => {
                Val::Array(a.iter().map(|x| self.value(x, fallback.clone())).collect())
            }
            Value::InlineTable(t) => Val::Table(self.entries(t.iter().filter_map(|(k, _)| {
                let (key, item) = t.get_key_value(k)?;
                Some((k, Some(key), item))
            }))),
            // Floats and dates mean nothing to a test: kept as text for the error.
            Value::Float(f) => Val::Str(f.value().to_string(), None),
            Value::Datetime(d) => Val::Str(d.value().to_string(), None),
        };
        Node { val, place }
    }

    /// Where the string's characters start in the file, if the file holds exactly
    /// `text` between the quotes.
    fn verbatim(&self, span: &Range<usize>, text: &str) -> Option<usize> {
        let raw = self.file.text.get(span.clone())?;
        let quote = if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            3
        } else {
            1
        };
        let inner = raw.get(quote..raw.len().checked_sub(quote)?)?;
        (inner == text).then_some(span.start + quote)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(text: &str) -> Node {
        let file = Arc::new(FileText {
            name: "t.toml".into(),
            text: text.into(),
        });
        parse(&file).unwrap()
    }

    #[test]
    fn values_keep_their_places() {
        let t = tree("[a]\nx = 5\nmem = { \"tbl+1\" = \"$ff\" }\n[[test]]\nname = 'n'\n");
        let root = t.table("root").unwrap();
        let a = get(root, "a").unwrap().table("a").unwrap();
        let x = get(a, "x").unwrap();
        assert!(matches!(x.val, Val::Int(5)));
        assert_eq!(x.place.line_col(), (2, 5));
        let mem = get(a, "mem").unwrap().table("mem").unwrap();
        assert_eq!(mem[0].0.name, "tbl+1");
        assert_eq!(mem[0].0.place.line_col(), (3, 9));
        let Val::Str(s, Some(at)) = &mem[0].1.val else {
            panic!()
        };
        assert_eq!(
            (s.as_str(), &t.place.file.text[*at..*at + 3]),
            ("$ff", "$ff")
        );
        let tests = get(root, "test").unwrap().list();
        assert_eq!(tests.len(), 1);
    }

    #[test]
    fn a_syntax_error_has_a_place() {
        let file = Arc::new(FileText {
            name: "t.toml".into(),
            text: "a = \n".into(),
        });
        let e = parse(&file).unwrap_err();
        assert_eq!(e.place.line_col().0, 1);
    }

    #[test]
    fn unknown_keys_name_the_nearest() {
        let t = tree("expct = 1\n");
        let d = check_keys(t.table("root").unwrap(), &["expect", "call"], "a test");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].notes, ["did you mean `expect`?"]);
    }
}
