//! Sutherland–Hodgman clipping of a convex polygon (at most 8 vertices) by half-spaces,
//! keeping for each vertex the labels of the two lines it lies on (its feature id).
use num_traits::Float;
use xform::Vector;

/// Most vertices: a quadrilateral clipped by four planes gains at most one vertex per plane.
pub(crate) const MAX_POLYGON: usize = 8;

/// A polygon vertex and the labels of the edge arriving at it and the edge leaving it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Vertex<T> {
    pub(crate) point: Vector<T, 3>,
    pub(crate) incoming: u8,
    pub(crate) outgoing: u8,
}

impl<T> Vertex<T> {
    /// An order-free code of the two labels (each < 16): `16·min + max`.
    pub(crate) fn code(&self) -> u32 {
        let (lo, hi) = if self.incoming <= self.outgoing {
            (self.incoming, self.outgoing)
        } else {
            (self.outgoing, self.incoming)
        };
        u32::from(lo) * 16 + u32::from(hi)
    }
}

/// A convex polygon in a fixed buffer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Polygon<T> {
    pub(crate) vertices: [Vertex<T>; MAX_POLYGON],
    pub(crate) len: usize,
}

impl<T: Float> Polygon<T> {
    /// A quadrilateral `corners[0..4]` whose edge `i` (from corner `i` to `i + 1`) has
    /// label `i`.
    pub(crate) fn quad(corners: [Vector<T, 3>; 4]) -> Self {
        let blank = Vertex {
            point: Vector::zeros(),
            incoming: 0,
            outgoing: 0,
        };
        let mut vertices = [blank; MAX_POLYGON];
        for (i, c) in corners.iter().enumerate() {
            vertices[i] = Vertex {
                point: *c,
                incoming: ((i + 3) % 4) as u8,
                outgoing: i as u8,
            };
        }
        Self { vertices, len: 4 }
    }

    /// The vertices.
    pub(crate) fn as_slice(&self) -> &[Vertex<T>] {
        &self.vertices[..self.len]
    }

    /// Writes into `out` the part with `normal·x <= offset`; new vertices lie on the
    /// clipping line, labelled `label`. (Into a buffer the caller keeps: the clips of one
    /// face alternate between two, with no copy of a polygon.)
    pub(crate) fn clip_into(&self, out: &mut Self, normal: &Vector<T, 3>, offset: T, label: u8) {
        out.len = 0;
        let n = self.len;
        for i in 0..n {
            let prev = self.vertices[(i + n - 1) % n];
            let cur = self.vertices[i];
            let dp = normal.dot(&prev.point) - offset;
            let dc = normal.dot(&cur.point) - offset;
            let cur_in = dc <= T::zero();
            let prev_in = dp <= T::zero();
            if cur_in != prev_in {
                let t = dp / (dp - dc);
                let point = prev.point + (cur.point - prev.point) * t;
                let edge = prev.outgoing;
                let v = if cur_in {
                    Vertex {
                        point,
                        incoming: label,
                        outgoing: edge,
                    }
                } else {
                    Vertex {
                        point,
                        incoming: edge,
                        outgoing: label,
                    }
                };
                out.push(v);
            }
            if cur_in {
                out.push(cur);
            }
        }
    }

    fn push(&mut self, v: Vertex<T>) {
        if self.len < MAX_POLYGON {
            self.vertices[self.len] = v;
            self.len += 1;
        }
    }
}
