//! The text `ron::to_string` writes for a value (default options, no pretty
//! printing), written much faster: verify writes every re-played operation's
//! events out and compares them byte for byte with the logged text.
//!
//! Only the compact layout is written, exactly as `ron` 0.12 writes it: structs as
//! `(a:1,b:2)`, enum variants by name (`Settled(…)`, `CardOut(hand:Punto,…)`),
//! sequences as `[…]`, `Some(…)`/`None`, strings escaped with `char::escape_debug`.
//! Whatever this writer is not sure to write as `ron` does (floats, bytes, 128-bit
//! integers, identifiers that `ron` would write raw, ron's raw values) stops it with
//! [`Unsupported`]: the caller then uses `ron` itself. A difference from `ron` could
//! only make verify take its slow way (it compares the values then), never accept
//! a record it should not.

use serde::ser::{self, Serialize};
use std::fmt::{self, Write};

/// This writer does not write that value: use `ron`.
#[derive(Debug)]
pub struct Unsupported;

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not written by the compact RON writer")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(_msg: T) -> Self {
        Unsupported
    }
}

impl From<fmt::Error> for Unsupported {
    fn from(_: fmt::Error) -> Self {
        Unsupported
    }
}

type Result<T = ()> = std::result::Result<T, Unsupported>;

/// Appends `value` to `out` as `ron::to_string` writes it, or says it cannot.
/// On `Err`, `out` may hold part of the text.
pub fn write<T: ?Sized + Serialize>(value: &T, out: &mut String) -> Result {
    value.serialize(&mut Writer { out, depth: 0 })
}

/// `ron`'s default recursion limit: deeper values are left to `ron`.
const MAX_DEPTH: usize = 100;

struct Writer<'a> {
    out: &'a mut String,
    depth: usize,
}

/// Identifiers `ron` writes raw (`r#…`) even though they are plain words.
const RESERVED: [&str; 10] = ["true", "false", "Some", "None", "inf", "inff32", "inff64", "NaN", "NaNf32", "NaNf64"];

fn plain_identifier(name: &str) -> bool {
    let b = name.as_bytes();
    let Some(first) = b.first() else { return false };
    (first.is_ascii_alphabetic() || *first == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
        && !(matches!(first, b't' | b'f' | b'S' | b'N' | b'i') && RESERVED.contains(&name))
}

impl Writer<'_> {
    fn identifier(&mut self, name: &str) -> Result {
        if !plain_identifier(name) {
            return Err(Unsupported);
        }
        self.out.push_str(name);
        Ok(())
    }

    /// A type's name is only checked by `ron` (it is not written).
    fn type_name(name: &str) -> Result {
        if name.is_empty() || !name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
            return Err(Unsupported);
        }
        Ok(())
    }

    fn nested<F: FnOnce(&mut Self) -> Result>(&mut self, f: F) -> Result {
        if self.depth >= MAX_DEPTH {
            return Err(Unsupported);
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn escaped(&mut self, s: &str) {
        self.out.push('"');
        // Printable ASCII other than the quotes and the backslash comes out as it is.
        if s.bytes().all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' && b != b'\'') {
            self.out.push_str(s);
        } else {
            for c in s.chars().flat_map(char::escape_debug) {
                self.out.push(c);
            }
        }
        self.out.push('"');
    }

    fn uint(&mut self, mut v: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        for b in &buf[i..] {
            self.out.push(char::from(*b));
        }
    }

    fn sint(&mut self, v: i64) {
        if v < 0 {
            self.out.push('-');
        }
        self.uint(v.unsigned_abs());
    }
}

/// A compound: a struct, a tuple, a sequence or a map, with its closing character.
pub struct Compound<'w, 'a> {
    w: &'w mut Writer<'a>,
    first: bool,
    close: char,
}

impl Compound<'_, '_> {
    fn comma(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.w.out.push(',');
        }
    }

    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.comma();
        self.w.nested(|w| value.serialize(&mut *w))
    }

    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        self.comma();
        self.w.identifier(key)?;
        self.w.out.push(':');
        self.w.nested(|w| value.serialize(&mut *w))
    }

    fn end(self) -> Result {
        self.w.out.push(self.close);
        Ok(())
    }
}

impl<'w, 'a> ser::Serializer for &'w mut Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'w, 'a>;
    type SerializeTuple = Compound<'w, 'a>;
    type SerializeTupleStruct = Compound<'w, 'a>;
    type SerializeTupleVariant = Compound<'w, 'a>;
    type SerializeMap = Compound<'w, 'a>;
    type SerializeStruct = Compound<'w, 'a>;
    type SerializeStructVariant = Compound<'w, 'a>;

    fn serialize_bool(self, v: bool) -> Result {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result {
        self.sint(i64::from(v));
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result {
        self.sint(i64::from(v));
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result {
        self.sint(i64::from(v));
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result {
        self.sint(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result {
        self.uint(u64::from(v));
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result {
        self.uint(u64::from(v));
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result {
        self.uint(u64::from(v));
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result {
        self.uint(v);
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Result {
        Err(Unsupported)
    }
    fn serialize_f64(self, _: f64) -> Result {
        Err(Unsupported)
    }
    fn serialize_char(self, v: char) -> Result {
        self.out.push('\'');
        if v == '\\' || v == '\'' {
            self.out.push('\\');
        }
        self.out.push(v);
        self.out.push('\'');
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        self.escaped(v);
        Ok(())
    }
    fn collect_str<T: ?Sized + fmt::Display>(self, value: &T) -> Result {
        // Written in place; escaped again only if it has to be.
        let start = self.out.len();
        self.out.push('"');
        write!(self.out, "{value}")?;
        let body = &self.out[start + 1..];
        if body.bytes().all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\' && b != b'\'') {
            self.out.push('"');
        } else {
            let s = body.to_string();
            self.out.truncate(start);
            self.escaped(&s);
        }
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Result {
        self.out.push_str("None");
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result {
        self.out.push_str("Some(");
        self.nested(|w| value.serialize(&mut *w))?;
        self.out.push(')');
        Ok(())
    }
    fn serialize_unit(self) -> Result {
        self.out.push_str("()");
        Ok(())
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result {
        Writer::type_name(name)?;
        self.out.push_str("()");
        Ok(())
    }
    fn serialize_unit_variant(self, name: &'static str, _: u32, variant: &'static str) -> Result {
        Writer::type_name(name)?;
        self.identifier(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result {
        // `ron`'s raw values have a name of their own, not a type's.
        Writer::type_name(name)?;
        self.out.push('(');
        self.nested(|w| value.serialize(&mut *w))?;
        self.out.push(')');
        Ok(())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result {
        Writer::type_name(name)?;
        self.identifier(variant)?;
        self.out.push('(');
        self.nested(|w| value.serialize(&mut *w))?;
        self.out.push(')');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'w, 'a>> {
        self.out.push('[');
        Ok(Compound { w: self, first: true, close: ']' })
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'w, 'a>> {
        self.out.push('(');
        Ok(Compound { w: self, first: true, close: ')' })
    }
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Compound<'w, 'a>> {
        Writer::type_name(name)?;
        self.serialize_tuple(len)
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'w, 'a>> {
        Writer::type_name(name)?;
        self.identifier(variant)?;
        self.out.push('(');
        Ok(Compound { w: self, first: true, close: ')' })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'w, 'a>> {
        self.out.push('{');
        Ok(Compound { w: self, first: true, close: '}' })
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Compound<'w, 'a>> {
        // `ron` writes ranges of its own way under an option that is off by default.
        Writer::type_name(name)?;
        self.out.push('(');
        Ok(Compound { w: self, first: true, close: ')' })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'w, 'a>> {
        Writer::type_name(name)?;
        self.identifier(variant)?;
        self.out.push('(');
        Ok(Compound { w: self, first: true, close: ')' })
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.element(value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result {
        self.element(key)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        self.w.out.push(':');
        self.w.nested(|w| value.serialize(&mut *w))
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        self.field(key, value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result {
        self.field(key, value)
    }
    fn end(self) -> Result {
        Compound::end(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    fn same<T: Serialize>(v: &T) {
        let mut mine = String::new();
        write(v, &mut mine).expect("written");
        assert_eq!(mine, ron::to_string(v).expect("ron"));
    }

    #[derive(Serialize)]
    struct Unit;
    #[derive(Serialize)]
    struct New(u8);
    #[derive(Serialize)]
    struct Pair(i32, String);
    #[derive(Serialize)]
    struct Empty {}
    #[derive(Serialize)]
    struct S {
        a: Option<Option<u8>>,
        b: Vec<(u8, char)>,
        c: BTreeMap<String, i64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        d: Option<u8>,
        e: (),
        r#type: bool,
    }
    #[derive(Serialize)]
    enum E {
        A,
        B(Unit),
        C(New, Pair),
        D { x: Empty, y: [u16; 2] },
        F(S),
        G(Vec<E>),
    }

    #[test]
    fn writes_what_ron_writes() {
        for s in ["", "plain", "a \"quoted\" 'word'", "back\\slash", "tab\tnew\nline", "ñandú €", "\u{7f}\u{0}", "r#x"]
        {
            same(&s);
            same(&Some(s.to_string()));
        }
        for c in ['a', '\'', '\\', '"', 'ñ', '\n'] {
            same(&c);
        }
        same(&(i64::MIN, i64::MAX, u64::MAX, 0u8, -1i8, i16::MIN, u32::MAX));
        let s = S {
            a: Some(None),
            b: vec![(1, 'x'), (2, 'y')],
            c: [("k".to_string(), -3), ("l m".to_string(), 4)].into_iter().collect(),
            d: None,
            e: (),
            r#type: true,
        };
        same(&s);
        same(&E::G(vec![
            E::A,
            E::B(Unit),
            E::C(New(7), Pair(-2, "p".into())),
            E::D { x: Empty {}, y: [1, 2] },
            E::F(s),
        ]));
        same(&Vec::<u8>::new());
        same(&());
    }

    #[test]
    fn leaves_to_ron_what_it_does_not_write() {
        #[derive(Serialize)]
        #[allow(non_camel_case_types)]
        enum Odd {
            r#true,
        }
        let mut out = String::new();
        assert!(write(&1.5f64, &mut out).is_err());
        assert!(write(&Odd::r#true, &mut out).is_err());
        assert!(write(&serde_bytes_like(), &mut out).is_err());
    }

    struct Bytes;
    impl Serialize for Bytes {
        fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
            s.serialize_bytes(b"ab")
        }
    }
    fn serde_bytes_like() -> Bytes {
        Bytes
    }
}
