//! Table ids and seat tokens: 128 bits each from the operating system's random source, so
//! neither can be guessed; a token is kept only as its SHA-256.

use std::fmt;

use sha2::{Digest, Sha256};

/// Bytes of randomness in a table id and in a seat token (128 bits).
const RANDOM_BYTES: usize = 16;

/// A table's id: what an invite carries, 32 hexadecimal digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableId([u8; RANDOM_BYTES]);

/// A secret that gives its holder a seat back, 32 hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SeatToken([u8; RANDOM_BYTES]);

/// The operating system's random source failed (no entropy: the server cannot run safely).
#[derive(Debug)]
pub struct NoRandomness(pub getrandom::Error);

impl fmt::Display for NoRandomness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the operating system's random source failed: {}", self.0)
    }
}

impl std::error::Error for NoRandomness {}

fn random<const N: usize>() -> Result<[u8; N], NoRandomness> {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).map_err(NoRandomness)?;
    Ok(bytes)
}

/// A seed for a match's decks, from the operating system's random source.
pub fn random_seed() -> Result<u64, NoRandomness> {
    random::<8>().map(u64::from_le_bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

fn from_hex(text: &str) -> Option<[u8; RANDOM_BYTES]> {
    if text.len() != 2 * RANDOM_BYTES || !text.is_ascii() {
        return None;
    }
    let mut bytes = [0; RANDOM_BYTES];
    for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
        let pair = std::str::from_utf8(pair).ok()?;
        *byte = u8::from_str_radix(pair, 16).ok()?;
    }
    Some(bytes)
}

/// The SHA-256 of `text`, in hexadecimal.
pub fn sha256_hex(text: &[u8]) -> String {
    hex(&Sha256::digest(text))
}

impl TableId {
    /// A new id.
    pub fn random() -> Result<TableId, NoRandomness> {
        random().map(TableId)
    }

    /// The id an invite carries, if `text` is one (32 hexadecimal digits).
    pub fn parse(text: &str) -> Option<TableId> {
        from_hex(text).map(TableId)
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl SeatToken {
    /// A new token.
    pub fn random() -> Result<SeatToken, NoRandomness> {
        random().map(SeatToken)
    }

    /// The token a client sent, if `text` is one.
    pub fn parse(text: &str) -> Option<SeatToken> {
        from_hex(text).map(SeatToken)
    }

    /// What the server keeps: the token's SHA-256, which gives nobody the seat.
    pub fn hash(&self) -> String {
        sha256_hex(hex(&self.0).as_bytes())
    }

    /// The token as the client keeps it (sent once, to its owner).
    pub fn reveal(&self) -> String {
        hex(&self.0)
    }
}

/// Never the token itself, so that a log line cannot leak it.
impl fmt::Debug for SeatToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SeatToken(..)")
    }
}

/// The commitment to a match's seed published when it starts: the SHA-256 of the text
/// `tablic-commit 1 TABLE SEED` (TABLE the id in hexadecimal, SEED in decimal).
pub fn commitment(table: TableId, seed: u64) -> String {
    sha256_hex(format!("tablic-commit 1 {table} {seed}").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back_and_differ() {
        let id = TableId::random().unwrap();
        assert_eq!(TableId::parse(&id.to_string()), Some(id));
        assert_ne!(TableId::random().unwrap(), id);
        assert_eq!(TableId::parse("12"), None);
        assert_eq!(TableId::parse(&"g".repeat(32)), None);
        assert_eq!(TableId::parse(&"é".repeat(16)), None);
    }

    #[test]
    fn commitment_is_sha256_of_its_text() {
        let table = TableId::parse("000102030405060708090a0b0c0d0e0f").unwrap();
        // printf 'tablic-commit 1 000102030405060708090a0b0c0d0e0f 42' | sha256sum
        assert_eq!(
            commitment(table, 42),
            sha256_hex(b"tablic-commit 1 000102030405060708090a0b0c0d0e0f 42")
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_token_is_not_shown_by_debug() {
        let token = SeatToken::random().unwrap();
        assert!(!format!("{token:?}").contains(&token.reveal()));
        assert_ne!(token.hash(), token.reveal());
    }
}
