//! Conversions to and from `mint` types (feature `mint`), the interchange format understood
//! by glam, nalgebra and cgmath.
use num_traits::Float;

use crate::{Matrix, Quaternion, Vector};

macro_rules! mint_vector {
    ($($n:literal => $v:ident, $p:ident, [$($f:ident),*];)*) => {$(
        impl<T> From<mint::$v<T>> for Vector<T, $n> {
            #[inline]
            fn from(v: mint::$v<T>) -> Self {
                Vector([$(v.$f),*])
            }
        }
        impl<T> From<Vector<T, $n>> for mint::$v<T> {
            #[inline]
            fn from(v: Vector<T, $n>) -> Self {
                let [$($f),*] = v.0;
                mint::$v { $($f),* }
            }
        }
        impl<T> From<mint::$p<T>> for Vector<T, $n> {
            #[inline]
            fn from(v: mint::$p<T>) -> Self {
                Vector([$(v.$f),*])
            }
        }
        impl<T> From<Vector<T, $n>> for mint::$p<T> {
            #[inline]
            fn from(v: Vector<T, $n>) -> Self {
                let [$($f),*] = v.0;
                mint::$p { $($f),* }
            }
        }
        impl<T> mint::IntoMint for Vector<T, $n> {
            type MintType = mint::$v<T>;
        }
    )*};
}
mint_vector! {
    2 => Vector2, Point2, [x, y];
    3 => Vector3, Point3, [x, y, z];
}

impl<T> From<mint::Vector4<T>> for Vector<T, 4> {
    #[inline]
    fn from(v: mint::Vector4<T>) -> Self {
        Vector([v.x, v.y, v.z, v.w])
    }
}

impl<T> From<Vector<T, 4>> for mint::Vector4<T> {
    #[inline]
    fn from(v: Vector<T, 4>) -> Self {
        let [x, y, z, w] = v.0;
        mint::Vector4 { x, y, z, w }
    }
}

impl<T> mint::IntoMint for Vector<T, 4> {
    type MintType = mint::Vector4<T>;
}

impl<T> From<mint::Quaternion<T>> for Quaternion<T> {
    #[inline]
    fn from(q: mint::Quaternion<T>) -> Self {
        Quaternion {
            w: q.s,
            x: q.v.x,
            y: q.v.y,
            z: q.v.z,
        }
    }
}

impl<T> From<Quaternion<T>> for mint::Quaternion<T> {
    #[inline]
    fn from(q: Quaternion<T>) -> Self {
        mint::Quaternion {
            s: q.w,
            v: mint::Vector3 {
                x: q.x,
                y: q.y,
                z: q.z,
            },
        }
    }
}

impl<T> mint::IntoMint for Quaternion<T> {
    type MintType = mint::Quaternion<T>;
}

macro_rules! mint_matrix {
    ($($n:literal => $row:ident, $col:ident, $vec:ident;)*) => {$(
        impl<T: Float> From<mint::$row<T>> for Matrix<T, $n, $n> {
            #[inline]
            fn from(m: mint::$row<T>) -> Self {
                let rows: [[T; $n]; $n] = m.into();
                Matrix(rows)
            }
        }
        impl<T: Float> From<Matrix<T, $n, $n>> for mint::$row<T> {
            #[inline]
            fn from(m: Matrix<T, $n, $n>) -> Self {
                m.0.into()
            }
        }
        impl<T: Float> From<mint::$col<T>> for Matrix<T, $n, $n> {
            #[inline]
            fn from(m: mint::$col<T>) -> Self {
                // Column-major storage: the arrays are the columns.
                let cols: [[T; $n]; $n] = m.into();
                Matrix(cols).transpose()
            }
        }
        impl<T: Float> From<Matrix<T, $n, $n>> for mint::$col<T> {
            #[inline]
            fn from(m: Matrix<T, $n, $n>) -> Self {
                m.transpose().0.into()
            }
        }
    )*};
}
mint_matrix! {
    2 => RowMatrix2, ColumnMatrix2, Vector2;
    3 => RowMatrix3, ColumnMatrix3, Vector3;
    4 => RowMatrix4, ColumnMatrix4, Vector4;
}
