//! Reading text lines from outside as bytes: each line is judged on its own, so a line that
//! is not UTF-8 or is absurdly long is reported (by number) and skipped, and the lines after
//! it are still read. A line never takes more than [`MAX_LINE_BYTES`] of memory.

use std::io::{self, BufRead};

/// The longest line kept: a 60x60 Caro position string with every cell played is about
/// 22 kB, an Othello game record 130 bytes.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Reads lines of bytes from `input`, at most `max` bytes each (the rest of a longer line is
/// read and dropped).
pub struct LineReader<R> {
    input: R,
    buf: Vec<u8>,
    number: usize,
    max: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(input: R) -> LineReader<R> {
        LineReader::with_max(input, MAX_LINE_BYTES)
    }

    pub fn with_max(input: R, max: usize) -> LineReader<R> {
        LineReader {
            input,
            buf: Vec::new(),
            number: 0,
            max,
        }
    }

    /// The next line: its number (from 1) and its text without the line ending (LF or CR
    /// LF), or a message saying why it cannot be read as text. `Ok(None)` at the end of the
    /// input; `Err` only when reading itself fails.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Result<&str, String>)>> {
        self.buf.clear();
        let mut seen = 0usize;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = self.max.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            seen = seen.saturating_add(take);
            self.input.consume(if done { take + 1 } else { take });
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if seen > self.max {
            return Ok(Some((
                self.number,
                Err(format!(
                    "line too long: more than {} bytes (at most {} are read)",
                    self.max, self.max
                )),
            )));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let text = std::str::from_utf8(&self.buf).map_err(|e| {
            let at = e.valid_up_to();
            format!(
                "not UTF-8 text (byte 0x{:02X} at byte {})",
                self.buf[at],
                at + 1
            )
        });
        Ok(Some((self.number, text)))
    }
}

/// The whole of a text file, with a message naming it when it cannot be read or is not
/// UTF-8.
pub fn read_text(path: &std::path::Path) -> Result<String, crate::game::InputError> {
    read_text_at_most(path, u64::MAX, "")
}

/// [`read_text`] for a file that holds at most `max` bytes when it is what it should be
/// (`what`, for the message): a larger file is refused after reading `max + 1` bytes, so a
/// device or pipe that never ends is not read to its end.
pub fn read_text_at_most(
    path: &std::path::Path,
    max: u64,
    what: &str,
) -> Result<String, crate::game::InputError> {
    use crate::game::InputError;
    use std::io::Read;
    let name = path.display();
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(|e| InputError::new(format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(InputError::new(format!(
            "{name}: larger than {} KiB, not {what}",
            max >> 10
        )));
    }
    String::from_utf8(bytes).map_err(|_| InputError::new(format!("{name}: not UTF-8 text")))
}

/// At most 60 characters of a line, for naming it in a message.
pub fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push_str("...");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8], max: usize) -> Vec<(usize, Result<String, String>)> {
        let mut r = LineReader::with_max(bytes, max);
        let mut out = Vec::new();
        while let Some((n, line)) = r.next_line().unwrap() {
            out.push((n, line.map(str::to_string)));
        }
        out
    }

    #[test]
    fn lines_are_numbered_and_endings_dropped() {
        let got = all(b"a\r\nbc\n\nd", 100);
        let want: Vec<(usize, Result<String, String>)> = vec![
            (1, Ok("a".into())),
            (2, Ok("bc".into())),
            (3, Ok("".into())),
            (4, Ok("d".into())),
        ];
        assert_eq!(got, want);
        assert!(all(b"", 100).is_empty());
    }

    #[test]
    fn a_bad_line_is_named_and_the_next_is_read() {
        let got = all(b"ok\n\xff\xfe\nabcdefghij\nlast\n", 5);
        assert_eq!(got[0], (1, Ok("ok".into())));
        assert_eq!(
            got[1],
            (2, Err("not UTF-8 text (byte 0xFF at byte 1)".into()))
        );
        assert_eq!(got[2].0, 3);
        assert!(got[2].1.as_ref().unwrap_err().contains("too long"));
        assert_eq!(got[3], (4, Ok("last".into())));
        // Exactly the limit is fine.
        assert_eq!(all(b"abcde\n", 5), vec![(1, Ok("abcde".into()))]);
    }

    #[test]
    fn a_long_line_is_read_through_a_small_buffer() {
        let mut text = vec![b'7'; 200_000];
        text.extend_from_slice(b"\nnext\n");
        let reader = std::io::BufReader::with_capacity(16, &text[..]);
        let mut r = LineReader::with_max(reader, 1000);
        assert!(r.next_line().unwrap().unwrap().1.is_err());
        assert_eq!(r.next_line().unwrap().unwrap(), (2, Ok("next")));
        assert!(r.next_line().unwrap().is_none());
    }
}
