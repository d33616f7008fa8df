//! The island's rows in colours, so that one sweep can run on many threads: a group is a
//! run of consecutive rows on the same bodies (a contact's normal and friction rows, a box
//! pair's manifold), and groups of one colour share no body of the island, so their updates
//! commute. A sweep visits the colours in order and a colour's groups in any order, on one
//! thread or many, with the same bits (the graph colouring of Box2D v3's solver; Catto,
//! "Solver2D", 2024). Rows on static bodies do not link groups (static blocks are left out of
//! local rows).
use core::ops::Range;

use cwlist::{Buffer, Storage};

use crate::world::WorldError;
use crate::world::capacity::push;

/// Colours a body can take part in; a group that finds all of them taken by its bodies goes
/// into one more colour whose groups run in row order on one thread.
const COLORS: usize = 64;

/// Islands of contacts with at least this many rows are gathered in colours: smaller ones
/// are solved by one thread anyway ([`Workers`](super::Workers)), in row order.
pub(super) const COLORED_ROWS: usize = 1024;

/// An island's rows grouped and coloured ([`Coloring::plan`]), in the order they are
/// gathered: colour by colour, groups whole and in row order within a colour.
pub(super) struct Coloring<S: Storage> {
    /// Each group's local rows `[start, end)`, colour by colour.
    groups: S::Buf<[u32; 2]>,
    /// Where each colour's groups end in `groups` (colours with no group left out).
    color_end: S::Buf<u32>,
    /// Whether the last colour holds the groups that found no colour (run in order).
    overflow: bool,
    /// Whether the rows are in colours (else in row order, one group).
    colored: bool,
    /// The island row (offset in the island) of each local row.
    order: S::Buf<u32>,
    /// The local row of each island row.
    position: S::Buf<u32>,
    /// Scratch of the plan: per local body, the colours taken by its groups.
    taken: S::Buf<u64>,
    /// Scratch of the plan: each group's island rows and colour, in row order.
    in_row_order: S::Buf<[u32; 3]>,
}

/// A planned colouring, borrowed: what a sweep reads (shareable between threads).
#[derive(Debug, Clone, Copy)]
pub(super) struct Colors<'a> {
    groups: &'a [[u32; 2]],
    color_end: &'a [u32],
    overflow: bool,
}

impl<S: Storage> Coloring<S> {
    pub(super) fn new() -> Self {
        Self {
            groups: Buffer::new(),
            color_end: Buffer::new(),
            overflow: false,
            colored: false,
            order: Buffer::new(),
            position: Buffer::new(),
            taken: Buffer::new(),
            in_row_order: Buffer::new(),
        }
    }

    /// Rows in row order: one group of all `rows`, run by one thread.
    pub(super) fn in_row_order(&mut self, rows: usize) -> Result<(), WorldError> {
        self.colored = false;
        self.overflow = true;
        self.groups.clear();
        self.color_end.clear();
        if rows > 0 {
            push(&mut self.groups, [0, rows as u32], "rows")?;
            push(&mut self.color_end, 1, "rows")?;
        }
        Ok(())
    }

    /// Groups an island's rows, given as the pairs of local bodies (`bodies` of them) they
    /// act on in row order (a static partner is `None`), and colours the groups greedily in
    /// row order: each takes the first colour that neither of its bodies has taken.
    pub(super) fn plan(
        &mut self,
        bodies: usize,
        pairs: impl Iterator<Item = (usize, Option<usize>)>,
    ) -> Result<(), WorldError> {
        self.taken.clear();
        for _ in 0..bodies {
            push(&mut self.taken, 0, "bodies")?;
        }
        self.in_row_order.clear();
        let mut count = [0u32; COLORS + 1];
        let mut rows = 0;
        let mut pairs = pairs.peekable();
        while let Some(first) = pairs.next() {
            let start = rows;
            rows += 1;
            while pairs.next_if_eq(&first).is_some() {
                rows += 1;
            }
            let taken = self.taken.as_mut_slice();
            let (a, b) = first;
            let mask = taken[a] | b.map_or(0, |b| taken[b]);
            let color = (!mask).trailing_zeros() as usize;
            if color < COLORS {
                taken[a] |= 1 << color;
                if let Some(b) = b {
                    taken[b] |= 1 << color;
                }
            }
            count[color] += 1;
            let group = [start as u32, rows as u32, color as u32];
            push(&mut self.in_row_order, group, "rows")?;
        }
        // Counting sort of the groups by colour (stable: row order within a colour), then
        // the local rows in that order.
        let mut next = [0u32; COLORS + 1];
        let mut at = 0;
        self.color_end.clear();
        for (c, &n) in count.iter().enumerate() {
            next[c] = at;
            at += n;
            if n > 0 {
                push(&mut self.color_end, at, "rows")?;
            }
        }
        self.overflow = count[COLORS] > 0;
        self.colored = true;
        self.groups.clear();
        for _ in 0..self.in_row_order.as_slice().len() {
            push(&mut self.groups, [0, 0], "rows")?;
        }
        let groups = self.groups.as_mut_slice();
        for &[start, end, color] in self.in_row_order.as_slice() {
            let slot = &mut next[color as usize];
            groups[*slot as usize] = [start, end];
            *slot += 1;
        }
        self.order.clear();
        self.position.clear();
        for _ in 0..rows {
            push(&mut self.position, 0, "rows")?;
        }
        for group in self.groups.as_mut_slice() {
            let local = self.order.as_slice().len() as u32;
            for row in group[0]..group[1] {
                self.position.as_mut_slice()[row as usize] = self.order.as_slice().len() as u32;
                push(&mut self.order, row, "rows")?;
            }
            *group = [local, local + group[1] - group[0]];
        }
        Ok(())
    }

    /// Whether the last plan put the rows in colours.
    pub(super) fn colored(&self) -> bool {
        self.colored
    }

    /// The island row of each local row (in colours).
    pub(super) fn order(&self) -> &[u32] {
        self.order.as_slice()
    }

    /// The local row of island row `row` (in colours).
    pub(super) fn position(&self, row: usize) -> usize {
        self.position.as_slice()[row] as usize
    }

    /// The planned colours.
    pub(super) fn colors(&self) -> Colors<'_> {
        Colors {
            groups: self.groups.as_slice(),
            color_end: self.color_end.as_slice(),
            overflow: self.overflow,
        }
    }
}

impl<'a> Colors<'a> {
    /// Each colour's groups of rows, in order, with whether its groups share no body (the
    /// last colour's do when the colours ran out).
    pub(super) fn each(self) -> impl Iterator<Item = (&'a [[u32; 2]], bool)> {
        let last = self.color_end.len();
        (0..last).map(move |c| {
            let from = if c == 0 {
                0
            } else {
                self.color_end[c - 1] as usize
            };
            let groups = &self.groups[from..self.color_end[c] as usize];
            (groups, !(self.overflow && c + 1 == last))
        })
    }
}

/// A group's rows as a range.
#[inline]
pub(super) fn rows_of(group: [u32; 2]) -> Range<usize> {
    group[0] as usize..group[1] as usize
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use crate::{ConstraintRow, JacobianBlock};
    use cwlist::Growable;
    use proptest::prelude::*;
    use std::{vec, vec::Vec};
    use xform::Vector;

    fn row(a: usize, b: Option<usize>) -> ConstraintRow<f64> {
        let block = |body| JacobianBlock {
            body,
            linear: Vector([1.0, 0.0, 0.0]),
            angular: Vector::zeros(),
        };
        ConstraintRow {
            a: block(a),
            b: b.map(block),
        }
    }

    fn pair(r: &ConstraintRow<f64>) -> (usize, Option<usize>) {
        (r.a.body, r.b.map(|b| b.body))
    }

    /// Every row in exactly one group, a group's rows on one pair of bodies, and no body in
    /// two groups of one colour (but the overflow colour's).
    fn check(bodies: usize, rows: &[ConstraintRow<f64>]) -> usize {
        let mut coloring = Coloring::<Growable>::new();
        coloring.plan(bodies, rows.iter().map(pair)).expect("plan");
        // The rows as gathered: local row `i` is island row `order[i]`.
        let order = coloring.order();
        let rows: Vec<_> = order.iter().map(|&i| rows[i as usize]).collect();
        for (local, &island) in order.iter().enumerate() {
            assert_eq!(coloring.position(island as usize), local);
        }
        let mut seen = vec![0; rows.len()];
        let mut colors = 0;
        for (groups, disjoint) in coloring.colors().each() {
            colors += 1;
            let mut used = vec![false; bodies];
            for &g in groups {
                let range = rows_of(g);
                assert!(!range.is_empty());
                let first = (rows[range.start].a.body, rows[range.start].b.map(|b| b.body));
                for i in range {
                    seen[i] += 1;
                    assert_eq!((rows[i].a.body, rows[i].b.map(|b| b.body)), first);
                }
                if disjoint {
                    for body in [Some(first.0), first.1].into_iter().flatten() {
                        assert!(!used[body], "body {body} twice in one colour");
                        used[body] = true;
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 1), "{seen:?}");
        colors
    }

    #[test]
    fn a_chain_of_pairs_takes_two_colours_and_static_rows_none() {
        // Rows 0-1 on (0, 1), 2-4 on (1, 2), 5 on (2, 3), 6 on 3 alone (a static partner).
        let rows = [
            row(0, Some(1)),
            row(0, Some(1)),
            row(1, Some(2)),
            row(1, Some(2)),
            row(1, Some(2)),
            row(2, Some(3)),
            row(3, None),
        ];
        assert_eq!(check(4, &rows), 2);
    }

    #[test]
    fn a_body_in_more_groups_than_colours_overflows_into_one_ordered_colour() {
        let rows: Vec<_> = (1..=70).map(|k| row(0, Some(k))).collect();
        let mut coloring = Coloring::<Growable>::new();
        coloring.plan(71, rows.iter().map(pair)).expect("plan");
        let colors: Vec<_> = coloring.colors().each().collect();
        assert_eq!(colors.len(), COLORS + 1);
        let (last, disjoint) = colors[COLORS];
        assert!(!disjoint);
        assert_eq!(last, &[[64, 65], [65, 66], [66, 67], [67, 68], [68, 69], [69, 70]]);
        check(71, &rows);
    }

    proptest! {
        /// Islands of up to 40 bodies and 300 rows on random pairs (or one body and a
        /// static partner), runs of rows on the same pair included.
        #[test]
        fn random_islands_are_coloured_validly(
            bodies in 1usize..40,
            pairs in proptest::collection::vec((0usize..40, 0usize..43, 1usize..4), 0..100),
        ) {
            let rows: Vec<_> = pairs
                .iter()
                .flat_map(|&(a, b, run)| {
                    let a = a % bodies;
                    let b = (b < bodies && b != a).then_some(b);
                    core::iter::repeat_n(row(a, b), run)
                })
                .collect();
            check(bodies, &rows);
        }
    }
}
