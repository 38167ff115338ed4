//! The search tree, kept in the caller's search memory: each node takes two 16-byte slots
//! ([`Entry`]), children are linked lists, and node 0 is the root.

use crate::bots::solver::Entry;

/// A node's index in the tree; 0, the root, is never anyone's child, so it also means
/// "none" in a link.
pub(super) type NodeIndex = u32;

/// No child, or no next sibling.
const NONE: NodeIndex = 0;

/// One node: the move class that leads to it from its parent, its links, and what the
/// iterations through it found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Node {
    /// The class of the move that leads here, as the solver packs it (`Class::packed`; 0 at
    /// the root).
    pub class: u64,
    first_child: NodeIndex,
    next_sibling: NodeIndex,
    /// Iterations that went through this node.
    pub visits: u32,
    /// Iterations in which the move was legal where its parent was reached (the
    /// information-set bandit's count of rounds: a move of a card the world does not
    /// give its player could not be chosen).
    pub available: u32,
    /// The sum, over the visits, of the margin the iteration ended with for the seat that
    /// made the move.
    pub reward: i64,
}

impl Node {
    const fn new(class: u64) -> Node {
        Node {
            class,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0,
        }
    }

    fn to_slots(self) -> [Entry; 2] {
        let links = u64::from(self.first_child) | u64::from(self.next_sibling) << 32;
        let counts = u64::from(self.visits) | u64::from(self.available) << 32;
        [
            Entry::from_words([self.class, links]),
            Entry::from_words([counts, self.reward as u64]),
        ]
    }

    fn from_slots(slots: [Entry; 2]) -> Node {
        let [class, links] = slots[0].words();
        let [counts, reward] = slots[1].words();
        Node {
            class,
            first_child: links as u32,
            next_sibling: (links >> 32) as u32,
            visits: counts as u32,
            available: (counts >> 32) as u32,
            reward: reward as i64,
        }
    }
}

/// A tree of at most half as many nodes as the memory has slots.
#[derive(Debug)]
pub(super) struct Tree<'m> {
    slots: &'m mut [Entry],
    len: NodeIndex,
}

impl<'m> Tree<'m> {
    /// A tree holding only its root, or nothing if `slots` cannot hold even that.
    pub fn new(slots: &'m mut [Entry]) -> Tree<'m> {
        let mut tree = Tree { slots, len: 0 };
        if tree.capacity() > 0 {
            tree.len = 1;
            tree.set(0, Node::new(0));
        }
        tree
    }

    /// Nodes the memory holds at most (index space is `u32`).
    fn capacity(&self) -> usize {
        (self.slots.len() / 2).min(u32::MAX as usize)
    }

    /// Whether the tree has its root: memory for one node at least.
    pub fn has_root(&self) -> bool {
        self.len > 0
    }

    /// The node at `index` (the root's blank for an index past the tree, which no link
    /// holds).
    pub fn get(&self, index: NodeIndex) -> Node {
        let at = index as usize * 2;
        match self.slots.get(at..at + 2) {
            Some(&[first, second]) if index < self.len => Node::from_slots([first, second]),
            _ => Node::new(0),
        }
    }

    /// Writes back a node read with [`Tree::get`].
    pub fn set(&mut self, index: NodeIndex, node: Node) {
        let at = index as usize * 2;
        if let Some(slots) = self.slots.get_mut(at..at + 2) {
            slots.copy_from_slice(&node.to_slots());
        }
    }

    /// Adds a child of `parent` for `class`, first among its children; `None` when the
    /// memory is full.
    pub fn add_child(&mut self, parent: NodeIndex, class: u64) -> Option<NodeIndex> {
        if self.len as usize >= self.capacity() {
            return None;
        }
        let index = self.len;
        self.len += 1;
        let mut above = self.get(parent);
        let mut child = Node::new(class);
        child.next_sibling = above.first_child;
        above.first_child = index;
        self.set(index, child);
        self.set(parent, above);
        Some(index)
    }

    /// The children of `parent`, with their indices, newest first.
    pub fn children(&self, parent: NodeIndex) -> impl Iterator<Item = (NodeIndex, Node)> + '_ {
        let mut next = self.get(parent).first_child;
        core::iter::from_fn(move || {
            if next == NONE {
                return None;
            }
            let index = next;
            let node = self.get(index);
            next = node.next_sibling;
            Some((index, node))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_survive_their_slots_and_children_link() {
        let mut slots = [Entry::EMPTY; 8];
        let mut tree = Tree::new(&mut slots);
        assert!(tree.has_root());
        let first = tree.add_child(0, 0xABCD).unwrap();
        let second = tree.add_child(0, u64::MAX).unwrap();
        let grandchild = tree.add_child(first, 7).unwrap();
        assert_eq!(tree.add_child(0, 9), None, "four nodes fill eight slots");

        let mut node = tree.get(second);
        node.visits = u32::MAX;
        node.available = 3;
        node.reward = -123_456_789_012;
        tree.set(second, node);
        assert_eq!(tree.get(second), node);

        let children: arrayvec::ArrayVec<(NodeIndex, u64), 4> = tree
            .children(0)
            .map(|(index, node)| (index, node.class))
            .collect();
        assert_eq!(children.as_slice(), [(second, u64::MAX), (first, 0xABCD)]);
        assert_eq!(
            tree.children(first).map(|(index, _)| index).next(),
            Some(grandchild)
        );
        assert_eq!(tree.children(grandchild).count(), 0);
    }

    #[test]
    fn memory_too_small_for_a_root_holds_nothing() {
        let mut slots = [Entry::EMPTY; 1];
        let mut tree = Tree::new(&mut slots);
        assert!(!tree.has_root());
        assert_eq!(tree.add_child(0, 1), None);
    }
}
