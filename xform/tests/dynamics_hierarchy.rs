//! The hierarchy walk: global dynamics of every node in one pass against the exact
//! derivatives of the composed paths, and the reverse walk returning the input. f64 and f32,
//! N = 2, 3, 4.
mod dynamics_support;

use approx::RelativeEq;
use core::fmt::Debug;
use dynamics_support::*;
use num_traits::Float;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use xform::hierarchy::{Hierarchy, HierarchyError};
use xform::{DynamicTransform, Error, Transform};

trait Scalar: Float + RelativeEq<Epsilon = Self> + Debug + 'static {}
impl<F: Float + RelativeEq<Epsilon = F> + Debug + 'static> Scalar for F {}

/// Largest random tree.
const MAX_NODES: usize = 12;

/// Random parent indices in topological order.
fn tree() -> impl Strategy<Value = Vec<Option<usize>>> {
    proptest::collection::vec(
        (any::<bool>(), any::<proptest::sample::Index>()),
        1..MAX_NODES,
    )
    .prop_map(|v| {
        v.into_iter()
            .enumerate()
            .map(|(i, (root, ix))| {
                if root || i == 0 {
                    None
                } else {
                    Some(ix.index(i))
                }
            })
            .collect()
    })
}

fn check_three_levels<F: Scalar, const N: usize>(
    p: &[PathParams<N>; 4],
    t: f64,
    tol: F,
) -> Result<(), TestCaseError> {
    // world <- 0 <- 1 <- 2, and 3 under 0 (a sibling of 1).
    let parents = [None, Some(0), Some(1), Some(0)];
    let tree = Hierarchy::try_new(&parents).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let local: Vec<DynamicTransform<F, N>> =
        p.iter().map(|q| dynamics_of(|s| q.at(s), c(t))).collect();
    let mut global = local.clone();
    tree.try_to_global(&local, &mut global)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    // Exact: differentiate the composed static paths.
    let exact2 = dynamics_of(|s| p[0].at(s) * p[1].at(s) * p[2].at(s), c(t));
    let exact3 = dynamics_of(|s| p[0].at(s) * p[3].at(s), c(t));
    close(&global[0], &local[0], tol, "root")?;
    close(&global[2], &exact2, tol, "level 3")?;
    close(&global[3], &exact3, tol, "sibling")?;
    // In place gives the same.
    let mut in_place = local.clone();
    tree.try_to_global_in_place(&mut in_place)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    for (a, b) in in_place.iter().zip(&global) {
        close(a, b, tol, "in place")?;
    }
    // Both ways returns the input.
    let mut back = global.clone();
    tree.try_to_local(&global, &mut back)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    for (a, b) in back.iter().zip(&local) {
        close(a, b, tol, "global then local")?;
    }
    tree.try_to_local_in_place(&mut in_place)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    for (a, b) in in_place.iter().zip(&local) {
        close(a, b, tol, "in place back")?;
    }
    Ok(())
}

fn check_random_tree<F: Scalar, const N: usize>(
    parents: &[Option<usize>],
    paths: &[PathParams<N>],
    t: f64,
    tol: F,
) -> Result<(), TestCaseError> {
    let tree = Hierarchy::try_new(parents).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let local: Vec<DynamicTransform<F, N>> = parents
        .iter()
        .zip(paths.iter().cycle())
        .map(|(_, q)| dynamics_of(|s| q.at(s), c(t)))
        .collect();
    let mut global = local.clone();
    tree.try_to_global(&local, &mut global)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    // Independent: compose along the chain to the root, recursively.
    for (i, g) in global.iter().enumerate() {
        let mut chain = local[i];
        let mut node = parents[i];
        while let Some(p) = node {
            chain = local[p] * chain;
            node = parents[p];
        }
        close(g, &chain, tol, "walk vs chain")?;
    }
    let mut back = global.clone();
    tree.try_to_local(&global, &mut back)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    for (a, b) in back.iter().zip(&local) {
        close(a, b, tol, "round trip")?;
    }
    // The static walk gives the transforms of the dynamic walk.
    let local_static: Vec<Transform<F, N>> = local.iter().map(|d| d.transform).collect();
    let mut global_static = local_static.clone();
    tree.try_to_global(&local_static, &mut global_static)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    for (s, d) in global_static.iter().zip(&global) {
        close(
            &DynamicTransform::at_rest(*s),
            &DynamicTransform::at_rest(d.transform),
            tol,
            "static walk",
        )?;
    }
    Ok(())
}

macro_rules! hierarchy_tests {
    ($name:ident, $f:ty, $n:literal, $tol:expr) => {
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                #[test]
                fn three_levels_both_ways(
                    p0 in path::<$n>(), p1 in path::<$n>(), p2 in path::<$n>(), p3 in path::<$n>(),
                    t in time(),
                ) {
                    check_three_levels::<$f, $n>(&[p0, p1, p2, p3], t, $tol)?;
                }
                #[test]
                fn random_tree_both_ways(
                    parents in tree(),
                    paths in proptest::collection::vec(path::<$n>(), 3),
                    t in time(),
                ) {
                    check_random_tree::<$f, $n>(&parents, &paths, t, $tol)?;
                }
            }
        }
    };
}

hierarchy_tests!(f64_n2, f64, 2, 1e-9);
hierarchy_tests!(f64_n3, f64, 3, 1e-9);
hierarchy_tests!(f64_n4, f64, 4, 1e-9);
hierarchy_tests!(f32_n2, f32, 2, 3e-3);
hierarchy_tests!(f32_n3, f32, 3, 3e-3);
hierarchy_tests!(f32_n4, f32, 4, 3e-3);

#[test]
fn invalid_trees_and_lengths_are_errors() {
    assert_eq!(
        Hierarchy::try_new(&[None, Some(1)]).unwrap_err(),
        HierarchyError::ParentNotBefore { node: 1, parent: 1 }
    );
    assert_eq!(
        Hierarchy::try_new(&[Some(3), None]).unwrap_err(),
        HierarchyError::ParentNotBefore { node: 0, parent: 3 }
    );
    let parents = [None, Some(0)];
    let tree = Hierarchy::try_new(&parents).unwrap();
    let local = [DynamicTransform::<f64, 3>::identity(); 2];
    let mut short = [DynamicTransform::<f64, 3>::identity(); 1];
    assert_eq!(
        tree.try_to_global(&local, &mut short),
        Err(HierarchyError::LengthMismatch { nodes: 2, len: 1 })
    );
    let mut global = local;
    global[0].transform.scale = 0.0;
    let mut out = local;
    assert_eq!(
        tree.try_to_local(&global, &mut out),
        Err(HierarchyError::Frame {
            node: 1,
            error: Error::Singular
        })
    );
    assert_eq!(
        tree.try_to_local_in_place(&mut global),
        Err(HierarchyError::Frame {
            node: 1,
            error: Error::Singular
        })
    );
    assert!(!format!("{}", HierarchyError::LengthMismatch { nodes: 2, len: 1 }).is_empty());
}
