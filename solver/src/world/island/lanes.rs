//! Who runs a coloured sweep ([`Colors`]): the calling thread, colour by colour and group by
//! group, or rayon's threads, a colour's groups side by side. The bodies' velocities and the
//! rows' impulses are read and written through a [`Store`]: cells on one thread, atomics
//! (relaxed loads and stores of the values' bits, plain moves on x86-64 and Arm) when
//! threads share them. Groups of one colour touch disjoint entries, so every value is
//! computed by the same operations in the same order whichever runs it: the same bits.
use core::cell::Cell;
use core::ops::Range;

use super::colors::{Colors, rows_of};
use crate::BodyVelocity;

/// Who solves a large island's coloured sweeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Workers {
    /// The calling thread.
    Caller,
    /// Rayon's threads (the caller among them).
    #[cfg(all(feature = "rayon", not(target_os = "none")))]
    Rayon,
}

/// Where a sweep reads and writes the bodies' velocities and the rows' impulses.
pub(super) trait Store<T> {
    fn velocity(&self, body: usize) -> BodyVelocity<T>;
    fn set_velocity(&self, body: usize, v: BodyVelocity<T>);
    fn lambda(&self, row: usize) -> T;
    fn set_lambda(&self, row: usize, l: T);
}

/// Runs a kernel over every group of rows, colour after colour.
pub(super) trait Lanes<St> {
    fn colors<K: Fn(&St, Range<usize>) + Sync>(&self, colors: Colors<'_>, store: &St, kernel: &K);
}

/// Velocities and impulses of one thread, as cells.
pub(super) struct Cells<'a, T> {
    velocity: &'a [Cell<BodyVelocity<T>>],
    lambda: &'a [Cell<T>],
}

impl<'a, T> Cells<'a, T> {
    pub(super) fn new(velocity: &'a mut [BodyVelocity<T>], lambda: &'a mut [T]) -> Self {
        Self {
            velocity: Cell::from_mut(velocity).as_slice_of_cells(),
            lambda: Cell::from_mut(lambda).as_slice_of_cells(),
        }
    }
}

impl<T: Copy> Store<T> for Cells<'_, T> {
    #[inline]
    fn velocity(&self, body: usize) -> BodyVelocity<T> {
        self.velocity[body].get()
    }
    #[inline]
    fn set_velocity(&self, body: usize, v: BodyVelocity<T>) {
        self.velocity[body].set(v);
    }
    #[inline]
    fn lambda(&self, row: usize) -> T {
        self.lambda[row].get()
    }
    #[inline]
    fn set_lambda(&self, row: usize, l: T) {
        self.lambda[row].set(l);
    }
}

/// The calling thread, in colour order.
pub(super) struct InOrder;

impl<St> Lanes<St> for InOrder {
    fn colors<K: Fn(&St, Range<usize>) + Sync>(&self, colors: Colors<'_>, store: &St, kernel: &K) {
        for (groups, _) in colors.each() {
            for &g in groups {
                kernel(store, rows_of(g));
            }
        }
    }
}

#[cfg(all(feature = "rayon", not(target_os = "none")))]
pub(super) use threads::{Atomics, SideBySide};

#[cfg(all(feature = "rayon", not(target_os = "none")))]
mod threads {
    use core::ops::Range;
    use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

    use rayon::prelude::*;

    use super::{Colors, Lanes, Store, rows_of};
    use crate::BodyVelocity;
    use crate::world::Scalar;
    use xform::Vector;

    /// Groups per rayon task: a sphere's contact (three rows) costs about 50 ns, so a task
    /// of 128 outweighs rayon's scheduling; a colour of fewer than two tasks runs inline.
    const GRAIN: usize = 128;

    /// Velocities and impulses shared by threads, as the bits of each value.
    pub(in crate::world::island) struct Atomics {
        velocity: alloc::vec::Vec<[AtomicU64; 6]>,
        lambda: alloc::vec::Vec<AtomicU64>,
    }

    impl Atomics {
        pub(in crate::world::island) fn new<T: Scalar>(
            velocity: &[BodyVelocity<T>],
            lambda: &[T],
        ) -> Self {
            let bits = |x: T| AtomicU64::new(x.to_bits64());
            Self {
                velocity: velocity
                    .iter()
                    .map(|v| {
                        let (l, a) = (v.linear.0, v.angular.0);
                        [l[0], l[1], l[2], a[0], a[1], a[2]].map(bits)
                    })
                    .collect(),
                lambda: lambda.iter().map(|&l| bits(l)).collect(),
            }
        }

        /// The values back into plain slices.
        pub(in crate::world::island) fn read_into<T: Scalar>(
            &self,
            velocity: &mut [BodyVelocity<T>],
            lambda: &mut [T],
        ) {
            for (i, v) in velocity.iter_mut().enumerate() {
                *v = Store::<T>::velocity(self, i);
            }
            for (i, l) in lambda.iter_mut().enumerate() {
                *l = Store::<T>::lambda(self, i);
            }
        }
    }

    impl<T: Scalar> Store<T> for Atomics {
        #[inline]
        fn velocity(&self, body: usize) -> BodyVelocity<T> {
            let b = self.velocity[body].each_ref().map(|x| T::from_bits64(x.load(Relaxed)));
            BodyVelocity {
                linear: Vector([b[0], b[1], b[2]]),
                angular: Vector([b[3], b[4], b[5]]),
            }
        }
        #[inline]
        fn set_velocity(&self, body: usize, v: BodyVelocity<T>) {
            let (l, a) = (v.linear.0, v.angular.0);
            let values = [l[0], l[1], l[2], a[0], a[1], a[2]];
            for (cell, x) in self.velocity[body].iter().zip(values) {
                cell.store(x.to_bits64(), Relaxed);
            }
        }
        #[inline]
        fn lambda(&self, row: usize) -> T {
            T::from_bits64(self.lambda[row].load(Relaxed))
        }
        #[inline]
        fn set_lambda(&self, row: usize, l: T) {
            self.lambda[row].store(l.to_bits64(), Relaxed);
        }
    }

    /// Rayon's threads, a colour's groups side by side (rayon's join orders the colours).
    pub(in crate::world::island) struct SideBySide;

    impl<St: Sync> Lanes<St> for SideBySide {
        fn colors<K: Fn(&St, Range<usize>) + Sync>(
            &self,
            colors: Colors<'_>,
            store: &St,
            kernel: &K,
        ) {
            for (groups, disjoint) in colors.each() {
                if disjoint && groups.len() >= 2 * GRAIN {
                    groups.par_chunks(GRAIN).for_each(|chunk| {
                        for &g in chunk {
                            kernel(store, rows_of(g));
                        }
                    });
                } else {
                    for &g in groups {
                        kernel(store, rows_of(g));
                    }
                }
            }
        }
    }
}
