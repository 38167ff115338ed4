//! A long match (or tournament) cut into at most [`MAX_CHUNKS`] chunks of deal groups (or
//! of a tournament's (table, group) pieces), and which of them are finished: what a
//! checkpoint keeps, so a run killed half way goes on with the chunks not yet finished.
//!
//! The chunks depend only on the number of items, never on the thread count, so a run can
//! be resumed on another number of threads: every chunk's tally is an exact sum, and
//! merged in any order they give the tally of the whole match.

use core::ops::Range;

use crate::matches::split_groups;

/// Most chunks a run is cut into: few enough that the finished ones fit in 128 bytes.
pub const MAX_CHUNKS: u64 = 1024;

/// Words of the finished-chunk bitmap.
pub(crate) const CHUNK_WORDS: usize = (MAX_CHUNKS / 64) as usize;

/// The chunks of `0..items` (`min(items, MAX_CHUNKS)` nearly equal, contiguous pieces, as
/// [`split_groups`] cuts them) and which are finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunks {
    pub(crate) items: u64,
    pub(crate) done: [u64; CHUNK_WORDS],
}

impl Chunks {
    /// `0..items` cut into chunks, none finished.
    pub const fn new(items: u64) -> Chunks {
        Chunks {
            items,
            done: [0; CHUNK_WORDS],
        }
    }

    /// The items cut (deal groups, or a tournament's pieces).
    pub const fn items(&self) -> u64 {
        self.items
    }

    /// How many chunks there are.
    pub const fn count(&self) -> u64 {
        if self.items < MAX_CHUNKS {
            self.items
        } else {
            MAX_CHUNKS
        }
    }

    /// The items of chunk `chunk` (empty past the last chunk).
    pub const fn range(&self, chunk: u64) -> Range<u64> {
        split_groups(self.items, self.count(), chunk)
    }

    /// True when chunk `chunk` is finished.
    pub const fn is_done(&self, chunk: u64) -> bool {
        chunk < self.count() && self.done[(chunk / 64) as usize] & (1 << (chunk % 64)) != 0
    }

    /// Marks chunk `chunk` finished (nothing past the last chunk).
    pub fn mark_done(&mut self, chunk: u64) {
        if chunk < self.count() {
            self.done[(chunk / 64) as usize] |= 1 << (chunk % 64);
        }
    }

    /// The chunks not finished yet, in order.
    pub fn unfinished(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.count()).filter(|&chunk| !self.is_done(chunk))
    }

    /// Items in finished chunks.
    pub fn finished_items(&self) -> u64 {
        (0..self.count())
            .filter(|&chunk| self.is_done(chunk))
            .map(|chunk| {
                let range = self.range(chunk);
                range.end - range.start
            })
            .sum()
    }

    /// True when every chunk is finished.
    pub fn is_complete(&self) -> bool {
        self.unfinished().next().is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_the_items_once_whatever_their_number() {
        for items in [1, 2, 63, 64, 65, 1000, 1023, 1024, 1025, 100_000] {
            let chunks = Chunks::new(items);
            assert_eq!(chunks.count(), items.min(MAX_CHUNKS));
            let mut next = 0;
            for chunk in 0..chunks.count() {
                let range = chunks.range(chunk);
                assert_eq!(range.start, next);
                assert!(range.end > range.start);
                next = range.end;
            }
            assert_eq!(next, items);
        }
    }

    #[test]
    fn finished_chunks_are_remembered() {
        let mut chunks = Chunks::new(2000);
        assert_eq!(chunks.unfinished().count(), 1024);
        for chunk in [0, 63, 64, 1023, 5000] {
            chunks.mark_done(chunk);
        }
        assert!(chunks.is_done(63) && chunks.is_done(64) && chunks.is_done(1023));
        assert!(!chunks.is_done(1) && !chunks.is_done(5000));
        assert_eq!(chunks.unfinished().count(), 1020);
        // 2000 = 1024 chunks: the first 976 of two items, the rest of one.
        assert_eq!(chunks.finished_items(), 2 + 2 + 2 + 1);
        for chunk in 0..1024 {
            chunks.mark_done(chunk);
        }
        assert!(chunks.is_complete());
        assert_eq!(chunks.finished_items(), 2000);
    }
}
