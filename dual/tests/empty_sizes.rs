//! Helpers with no inputs (`N = 0`) or no outputs (`M = 0`): documented empty results, never a
//! panic.
use dual::{gradient, hessian, jacobian, jacobian_n_pass};

#[test]
fn no_inputs_give_empty_derivatives() {
    let (v, j) = jacobian(|[]: [_; 0]| [dual::DualVec::constant(2.0_f64)], []);
    assert_eq!((v, j), ([2.0], [[]]));
    let (v, j) = jacobian_n_pass(|[]: [_; 0]| [dual::Dual::constant(3.0_f64)], []);
    assert_eq!((v, j), ([3.0], [[]]));
    let (v, g) = gradient(|[]: [_; 0]| dual::DualVec::constant(4.0_f64), []);
    assert_eq!((v, g), (4.0, []));
    let (v, g, h) = hessian(
        |[]: [_; 0]| dual::Jet::constant(dual::Jet::constant(5.0_f64)),
        [],
    );
    assert_eq!((v, g, h), (5.0, [], []));
}

#[test]
fn no_outputs_give_empty_results() {
    let (v, j) = jacobian(
        |[a, b]: [dual::DualVec<f64, 2>; 2]| {
            let _ = a * b;
            []
        },
        [1.0, 2.0],
    );
    assert_eq!((v, j), ([], []));
    let (v, j) = jacobian_n_pass(
        |[a]: [dual::Dual<f64>; 1]| {
            let _ = a;
            []
        },
        [1.0],
    );
    assert_eq!((v, j), ([], []));
}
