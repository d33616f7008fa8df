//! Broad phase: the pairs of bodies whose bounding spheres come within the contact margin.
//!
//! The default, [`Grid`], hashes bounding spheres into a uniform grid of cubic cells by
//! sorting their cell coordinates, then tests each occupied cell against itself and its 13
//! forward neighbours, found by cursors that only move forward: expected O(n log n) for the
//! sort (nearly linear on the nearly sorted order of a settling scene) plus O(n) for the
//! neighbour walk, with no allocation beyond the world's
//! storage. It was chosen over sweep-and-prune because a pile in a box overlaps on every axis:
//! the spheres of a 16 000-sphere pile share an `x` interval with about `n^(2/3)` others, so a
//! one-axis sweep reports O(n^(5/3)) pairs, while the grid reports about 13 neighbours' worth
//! per sphere whatever the pile's shape. A bounding-volume tree would also be O(n log n) but
//! needs refitting and a node pool per step for the same answer on spheres of similar size.
//!
//! [`BruteForce`] tests all `n(n−1)/2` pairs and is kept as the oracle of the property test.
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::Vector;

use crate::world::WorldError;

/// A collision proxy handed to the broad phase: a bounding sphere of one body.
///
/// # Example
/// ```
/// use solver::world::Proxy;
/// use solver::xform::Vector;
/// let a = Proxy { body: 0, center: Vector([0.0f64; 3]), radius: 1.0 };
/// let b = Proxy { body: 1, center: Vector([2.5, 0.0, 0.0]), radius: 1.0 };
/// assert!(!a.near(&b, 0.1) && a.near(&b, 1.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Proxy<T> {
    /// The body.
    pub body: usize,
    /// Bounding-sphere centre.
    pub center: Vector<T, 3>,
    /// Bounding-sphere radius.
    pub radius: T,
}

impl<T: Float> Proxy<T> {
    /// Whether the bounding spheres of `self` and `other` come closer than `margin`
    /// (distance between the surfaces `<= margin`).
    ///
    /// # Example
    /// ```
    /// use solver::world::Proxy;
    /// use solver::xform::Vector;
    /// let a = Proxy { body: 0, center: Vector([0.0, 0.0, 0.0]), radius: 1.0 };
    /// let b = Proxy { body: 1, center: Vector([2.0, 0.0, 0.0]), radius: 1.0 };
    /// assert!(a.near(&b, 0.0)); // touching counts
    /// assert!(!a.near(&Proxy { center: Vector([2.5, 0.0, 0.0]), ..b }, 0.1));
    /// ```
    #[must_use]
    #[inline]
    pub fn near(&self, other: &Self, margin: T) -> bool {
        let reach = self.radius + other.radius + margin;
        (self.center - other.center).norm_squared() <= reach * reach
    }
}

/// Finds the pairs of proxies that may touch; the narrow phase then decides.
///
/// The world calls it once per step. An implementation must report every pair whose bounding
/// spheres come within `margin` of each other ([`Proxy::near`]), each pair once (it may report
/// more pairs), in an order that depends only on its inputs (determinism).
///
/// # Example
/// ```
/// use solver::world::{BroadPhase, BruteForce, Proxy};
/// use solver::xform::Vector;
/// let p = [Proxy { body: 0, center: Vector([0.0f64; 3]), radius: 1.0 }, Proxy { body: 1, center: Vector([1.5, 0.0, 0.0]), radius: 1.0 }];
/// let mut pairs = Vec::new();
/// BruteForce.candidates(&p, 0.0, &mut |i, j| pairs.push((i, j))).unwrap();
/// assert_eq!(pairs, [(0, 1)]);
/// ```
pub trait BroadPhase<T> {
    /// Calls `report(i, j)` (indices into `proxies`) for each candidate pair.
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] if the broad phase's own storage is full.
    ///
    /// # Example
    /// ```
    /// use solver::world::{BroadPhase, Grid, Proxy};
    /// use solver::xform::Vector;
    /// let p: Vec<_> = (0..4).map(|k| Proxy { body: k, center: Vector([3.0 * k as f64, 0.0, 0.0]), radius: 1.0 }).collect();
    /// let mut n = 0;
    /// Grid::<solver::cwlist::Growable>::default().candidates(&p, 0.0, &mut |_, _| n += 1).unwrap();
    /// assert_eq!(n, 0); // 3 m apart, 2 m of reach
    /// ```
    fn candidates(
        &mut self,
        proxies: &[Proxy<T>],
        margin: T,
        report: &mut dyn FnMut(usize, usize),
    ) -> Result<(), WorldError>;

    /// Prepares the search in independent parts, for the parallel step: returns how many
    /// there are, `0` (the default) when this broad phase has no parts and
    /// [`BroadPhase::candidates`] is called instead. Part by part in order, [`BroadPhase::part`]
    /// must report the same pairs in the same order as `candidates` does.
    ///
    /// # Errors
    /// As [`BroadPhase::candidates`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{BroadPhase, BruteForce, Proxy};
    /// use solver::xform::Vector;
    /// let p = [Proxy { body: 0, center: Vector([0.0f64; 3]), radius: 1.0 }];
    /// assert_eq!(BruteForce.parts(&p, 0.0).unwrap(), 0);
    /// ```
    fn parts(&mut self, proxies: &[Proxy<T>], margin: T) -> Result<usize, WorldError> {
        let _ = (proxies, margin);
        Ok(0)
    }

    /// Calls `report(i, j)` for each candidate pair of part `k` of the last
    /// [`BroadPhase::parts`] (with the same proxies and margin); reports nothing by default.
    ///
    /// # Example
    /// ```
    /// use solver::world::{BroadPhase, Grid, Proxy};
    /// use solver::xform::Vector;
    /// let p: Vec<_> = (0..40).map(|i| Proxy { body: i, center: Vector([i as f64, 0.0, 0.0]), radius: 0.6 }).collect();
    /// let mut grid = Grid::<solver::cwlist::Growable>::default();
    /// let (mut whole, mut parted) = (Vec::new(), Vec::new());
    /// grid.candidates(&p, 0.0, &mut |i, j| whole.push((i, j))).unwrap();
    /// for k in 0..grid.parts(&p, 0.0).unwrap() {
    ///     grid.part(&p, 0.0, k, &mut |i, j| parted.push((i, j)));
    /// }
    /// assert_eq!((whole.len(), &whole), (39, &parted));
    /// ```
    fn part(
        &self,
        proxies: &[Proxy<T>],
        margin: T,
        k: usize,
        report: &mut dyn FnMut(usize, usize),
    ) {
        let _ = (proxies, margin, k, report);
    }
}

/// All `n(n−1)/2` pairs by [`pairs::distinct_pairs`], filtered by [`Proxy::near`]: O(n²),
/// the oracle of the [`Grid`] and fine for a few dozen bodies.
///
/// # Example
/// ```
/// use solver::world::{BroadPhase, BruteForce, Proxy};
/// use solver::xform::Vector;
/// let p = |x: f64| Proxy { body: 0, center: Vector([x, 0.0, 0.0]), radius: 0.5 };
/// let mut found = Vec::new();
/// BruteForce.candidates(&[p(0.0), p(0.9), p(5.0)], 0.0, &mut |i, j| found.push((i, j))).unwrap();
/// assert_eq!(found, [(0, 1)]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BruteForce;

impl<T: Float> BroadPhase<T> for BruteForce {
    fn candidates(
        &mut self,
        proxies: &[Proxy<T>],
        margin: T,
        report: &mut dyn FnMut(usize, usize),
    ) -> Result<(), WorldError> {
        let indexed = proxies.iter().enumerate();
        for ((i, p), (j, q)) in pairs::distinct_pairs(indexed) {
            if p.near(q, margin) {
                report(i, j);
            }
        }
        Ok(())
    }
}

/// Integer cell coordinates, clamped so that far-away bodies share boundary cells instead of
/// overflowing (clamping is monotone, so neighbours stay neighbours).
type Cell = [i64; 3];

/// One proxy in the sorted cell array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Entry {
    cell: Cell,
    proxy: u32,
}

/// The forward neighbour rows of a cell `(x, y, z)`: `(dx, dy)` such that the cells
/// `(x + dx, y + dy, z − 1 ..= z + 1)` come after it in lexicographic order. With the cell
/// `(x, y, z + 1)` these are the 13 neighbours visited from each occupied cell, so every
/// pair of adjacent cells is visited once.
const FORWARD_ROWS: [[i64; 2]; 4] = [[0, 1], [1, -1], [1, 0], [1, 1]];

/// Cells beyond this many cell sizes from the origin are clamped to it.
const CELL_LIMIT: i64 = 1 << 40;

/// A uniform grid over the bounding spheres, rebuilt every step by sorting (see the
/// [world docs](crate::world)).
///
/// The cell size is `2 r + margin` for a radius `r` that covers every proxy up to twice the
/// mean radius; proxies larger than that are tested against every other proxy (O(n) each),
/// so a few large bodies (a boulder among pebbles) stay cheap and correct.
///
/// `S` is the storage of the sorted cell array ([`cwlist::Fixed<N>`] holds `N` proxies).
///
/// # Example
/// ```
/// use solver::world::{BroadPhase, Grid, Proxy};
/// use solver::xform::Vector;
/// let p = |x: f64| Proxy { body: 0, center: Vector([x, 0.0, 0.0]), radius: 0.5 };
/// let mut grid = Grid::<solver::cwlist::Fixed<8>>::default();
/// let mut found = Vec::new();
/// grid.candidates(&[p(0.0), p(0.9), p(5.0)], 0.0, &mut |i, j| found.push((i, j))).unwrap();
/// assert_eq!(found, [(0, 1)]);
/// ```
pub struct Grid<S: Storage> {
    entries: S::Buf<Entry>,
    large: S::Buf<u32>,
}

impl<S: Storage> core::fmt::Debug for Grid<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Grid")
            .field("proxies", &self.entries.as_slice().len())
            .field("large", &self.large.as_slice().len())
            .finish()
    }
}

impl<S: Storage> Default for Grid<S> {
    fn default() -> Self {
        Self {
            entries: Buffer::new(),
            large: Buffer::new(),
        }
    }
}

impl<S: Storage> Clone for Grid<S> {
    /// A new empty grid (the grid keeps no state between steps, only scratch).
    fn clone(&self) -> Self {
        Self::default()
    }
}

fn cell_of<T: Float>(center: &Vector<T, 3>, inverse_size: T) -> Cell {
    let limit = CELL_LIMIT as f64;
    center.0.map(|x| {
        let c = (x * inverse_size).floor().to_f64().unwrap_or(0.0);
        c.clamp(-limit, limit) as i64
    })
}

fn overflow() -> WorldError {
    WorldError::CapacityExceeded {
        what: "broad-phase cells",
    }
}

/// Entries per part of the walk: part `k` walks the cells whose first entry lies in
/// `k·PART .. (k+1)·PART`.
const PART: usize = 512;

/// The first entry at or after `at` that starts a cell (`entries.len()` if none).
fn run_start(entries: &[Entry], at: usize) -> usize {
    if at == 0 || at >= entries.len() {
        return at.min(entries.len());
    }
    let cell = entries[at - 1].cell;
    at + entries[at..].partition_point(|e| e.cell == cell)
}

impl<T: Float, S: Storage> BroadPhase<T> for Grid<S> {
    fn candidates(
        &mut self,
        proxies: &[Proxy<T>],
        margin: T,
        report: &mut dyn FnMut(usize, usize),
    ) -> Result<(), WorldError> {
        for k in 0..self.parts(proxies, margin)? {
            self.part(proxies, margin, k, report);
        }
        Ok(())
    }

    /// Hashes the proxies into cells and sorts them; the parts are the cells by blocks of
    /// 512 entries, then one part for the large proxies.
    fn parts(&mut self, proxies: &[Proxy<T>], margin: T) -> Result<usize, WorldError> {
        self.entries.clear();
        self.large.clear();
        if proxies.len() < 2 {
            return Ok(0);
        }
        let count = T::from(proxies.len()).unwrap_or_else(T::one);
        let mean = proxies.iter().fold(T::zero(), |s, p| s + p.radius) / count;
        let largest = proxies.iter().fold(T::zero(), |m, p| m.max(p.radius));
        let cap = largest.min(mean + mean);
        let size = cap + cap + margin;
        // A grid of zero-size cells (points, no margin) degenerates: every proxy is large.
        let inverse_size = if size > T::zero() {
            size.recip()
        } else {
            T::zero()
        };
        for (i, p) in proxies.iter().enumerate() {
            let index = u32::try_from(i).map_err(|_| overflow())?;
            if p.radius > cap || inverse_size == T::zero() {
                self.large.try_push(index).map_err(|_| overflow())?;
            } else {
                let entry = Entry {
                    cell: cell_of(&p.center, inverse_size),
                    proxy: index,
                };
                self.entries.try_push(entry).map_err(|_| overflow())?;
            }
        }
        self.entries.as_mut_slice().sort_unstable();
        // The walk's parts, then the large proxies' part.
        Ok(self.entries.as_slice().len().div_ceil(PART) + 1)
    }

    /// Tests each occupied cell of the part against itself and its 13 forward neighbours:
    /// one cursor per neighbour row, placed by binary search at the part's first cell, then
    /// moved only forward (a merge, O(n) in all); the last part tests the large proxies
    /// against everything.
    fn part(
        &self,
        proxies: &[Proxy<T>],
        margin: T,
        k: usize,
        report: &mut dyn FnMut(usize, usize),
    ) {
        let entries = self.entries.as_slice();
        let mut test = |i: u32, j: u32| {
            let (i, j) = (i as usize, j as usize);
            if proxies[i].near(&proxies[j], margin) {
                report(i.min(j), i.max(j));
            }
        };
        let parts = entries.len().div_ceil(PART);
        if k == parts {
            let large = self.large.as_slice();
            for (n, &l) in large.iter().enumerate() {
                for e in entries {
                    test(l, e.proxy);
                }
                for &m in &large[n + 1..] {
                    test(l, m);
                }
            }
            return;
        }
        let (mut start, end) = (
            run_start(entries, k * PART),
            run_start(entries, (k + 1) * PART),
        );
        let mut cursors = [0usize; 4];
        if let Some(first) = entries.get(start) {
            let cell = first.cell;
            for (cursor, [dx, dy]) in cursors.iter_mut().zip(FORWARD_ROWS) {
                let lowest = [cell[0] + dx, cell[1] + dy, cell[2] - 1];
                *cursor = entries.partition_point(|e| e.cell < lowest);
            }
        }
        while start < end {
            let cell = entries[start].cell;
            let run_end = start + entries[start..].partition_point(|e| e.cell == cell);
            let run = &entries[start..run_end];
            for (n, a) in run.iter().enumerate() {
                for b in &run[n + 1..] {
                    test(a.proxy, b.proxy);
                }
            }
            let above = [cell[0], cell[1], cell[2] + 1];
            for b in entries[run_end..].iter().take_while(|e| e.cell == above) {
                for a in run {
                    test(a.proxy, b.proxy);
                }
            }
            for (cursor, [dx, dy]) in cursors.iter_mut().zip(FORWARD_ROWS) {
                let first = [cell[0] + dx, cell[1] + dy, cell[2] - 1];
                let last = [cell[0] + dx, cell[1] + dy, cell[2] + 1];
                while *cursor < entries.len() && entries[*cursor].cell < first {
                    *cursor += 1;
                }
                for b in entries[*cursor..].iter().take_while(|e| e.cell <= last) {
                    for a in run {
                        test(a.proxy, b.proxy);
                    }
                }
            }
            start = run_end;
        }
    }
}
