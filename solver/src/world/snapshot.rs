//! Snapshots (feature `serde`): a world serializes as everything its next steps depend on
//! (settings, stepper, time, bodies, joints with their warm starts, planes, the handle
//! tables, the live contacts with their impulses, the touching pairs and last events), and
//! deserializes into a world whose steps give the same bits. The broad phase and scratch
//! keep nothing between steps and start fresh, as in [`Clone`].
//!
//! A snapshot is data from outside: every index in it is checked on the way in, so a
//! corrupted or hand-edited one is refused with a message naming the item, never a panic
//! or a NaN in a later step.
use crate::world::Scalar;
use core::fmt;
use core::marker::PhantomData;

use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use rotint::Stepper;
use serde::de::{self, Deserialize, Deserializer};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::contact::{Contact, Partner, Plane};
use super::events::Touching;
use super::handles::Handles;
use super::step::Scratch;
use super::step::persist::ContactSet;
use super::{BroadPhase, ConstraintFunction, JointSlot, RigidBody, World, WorldSettings};

/// `S::Buf<E>` as a sequence, for `#[serde(with = "…::buf")]` on a buffer field; a sequence
/// longer than a fixed storage holds is refused.
pub(crate) mod buf {
    use super::{Buffer, Deserialize, Deserializer, PhantomData, Serialize, Serializer, de, fmt};

    pub(crate) fn serialize<E: Serialize, B: Buffer<E>, Z: Serializer>(
        buffer: &B,
        serializer: Z,
    ) -> Result<Z::Ok, Z::Error> {
        serializer.collect_seq(buffer.as_slice())
    }

    pub(crate) fn deserialize<'de, E: Deserialize<'de>, B: Buffer<E>, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<B, D::Error> {
        deserializer.deserialize_seq(Items(PhantomData::<fn() -> (E, B)>))
    }

    struct Items<P>(PhantomData<P>);

    impl<'de, E: Deserialize<'de>, B: Buffer<E>> de::Visitor<'de> for Items<fn() -> (E, B)> {
        type Value = B;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a sequence of at most {} items", B::max_capacity())
        }

        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<B, A::Error> {
            let mut items = B::new();
            while let Some(item) = seq.next_element()? {
                if items.try_push(item).is_err() {
                    return Err(de::Error::invalid_length(B::max_capacity() + 1, &self));
                }
            }
            Ok(items)
        }
    }
}

/// A float field that may be infinite (a kinematic body's mass, a joint's absent limit),
/// for `#[serde(with = "…::unbounded")]`: a human-readable format (JSON, which has no
/// infinity) writes `±∞` and NaN as the strings `"inf"`, `"-inf"`, `"NaN"`; a binary one
/// writes the float as it is.
pub(crate) mod unbounded {
    use super::{Deserialize, Deserializer, Serialize, Serializer, de, fmt};
    use num_traits::Float;

    pub(crate) fn serialize<T: Float + Serialize, Z: Serializer>(
        x: &T,
        serializer: Z,
    ) -> Result<Z::Ok, Z::Error> {
        if x.is_finite() || !serializer.is_human_readable() {
            x.serialize(serializer)
        } else if x.is_nan() {
            serializer.serialize_str("NaN")
        } else if x.is_sign_positive() {
            serializer.serialize_str("inf")
        } else {
            serializer.serialize_str("-inf")
        }
    }

    pub(crate) fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: Float + Deserialize<'de>,
        D: Deserializer<'de>,
    {
        if !deserializer.is_human_readable() {
            return T::deserialize(deserializer);
        }
        struct Number<T>(core::marker::PhantomData<T>);
        impl<T: Float> de::Visitor<'_> for Number<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number, \"inf\", \"-inf\" or \"NaN\"")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<T, E> {
                T::from(v).ok_or_else(|| E::custom("a number out of range"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<T, E> {
                T::from(v).ok_or_else(|| E::custom("a number out of range"))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<T, E> {
                T::from(v).ok_or_else(|| E::custom("a number out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
                match v {
                    "inf" => Ok(T::infinity()),
                    "-inf" => Ok(T::neg_infinity()),
                    "NaN" => Ok(T::nan()),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
        }
        deserializer.deserialize_any(Number(core::marker::PhantomData))
    }

    /// A pair of such floats (a joint's limits).
    pub(crate) mod pair {
        use super::{Deserialize, Deserializer, Float, Serialize, Serializer};

        #[derive(serde::Serialize, serde::Deserialize)]
        #[serde(bound(
            serialize = "T: Float + Serialize",
            deserialize = "T: Float + Deserialize<'de>"
        ))]
        struct Pair<T>(#[serde(with = "super")] T, #[serde(with = "super")] T);

        pub(crate) fn serialize<T: Float + Serialize, Z: Serializer>(
            x: &[T; 2],
            serializer: Z,
        ) -> Result<Z::Ok, Z::Error> {
            Pair(x[0], x[1]).serialize(serializer)
        }

        pub(crate) fn deserialize<'de, T, D>(deserializer: D) -> Result<[T; 2], D::Error>
        where
            T: Float + Deserialize<'de>,
            D: Deserializer<'de>,
        {
            let Pair(lo, hi) = Pair::deserialize(deserializer)?;
            Ok([lo, hi])
        }
    }
}

/// The field names of a world's snapshot, in order.
const FIELDS: [&str; 12] = [
    "settings",
    "stepper",
    "time",
    "bodies",
    "joints",
    "planes",
    "body_handles",
    "joint_handles",
    "plane_handles",
    "contacts",
    "touching",
    "format",
];

/// The snapshot layout this build writes and reads; a snapshot of another layout is
/// refused rather than misread.
const FORMAT: u32 = 1;

/// A world serializes as a struct of its settings, stepper, time, items, handle tables,
/// contacts and touching pairs (the broad phase and scratch are not saved).
impl<T, S, U, B> Serialize for World<T, S, U, B>
where
    T: Scalar + Serialize,
    S: Storage,
    U: Serialize,
{
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut s = serializer.serialize_struct("World", FIELDS.len())?;
        s.serialize_field(FIELDS[0], &self.settings)?;
        s.serialize_field(FIELDS[1], &self.stepper)?;
        s.serialize_field(FIELDS[2], &self.time)?;
        s.serialize_field(FIELDS[3], self.bodies.as_slice())?;
        s.serialize_field(FIELDS[4], self.joints.as_slice())?;
        s.serialize_field(FIELDS[5], self.planes.as_slice())?;
        s.serialize_field(FIELDS[6], &self.body_handles)?;
        s.serialize_field(FIELDS[7], &self.joint_handles)?;
        s.serialize_field(FIELDS[8], &self.plane_handles)?;
        s.serialize_field(FIELDS[9], self.contacts.live.as_slice())?;
        s.serialize_field(FIELDS[10], &self.touching)?;
        s.serialize_field(FIELDS[11], &FORMAT)?;
        s.end()
    }
}

/// What a snapshot holds, as read and before it is checked.
#[derive(serde::Deserialize)]
#[serde(
    rename = "World",
    deny_unknown_fields,
    bound(deserialize = "T: Scalar + Deserialize<'de>, U: Deserialize<'de>")
)]
struct Saved<T, S: Storage, U> {
    settings: WorldSettings<T>,
    stepper: Stepper<T>,
    time: T,
    #[serde(with = "buf")]
    bodies: S::Buf<RigidBody<T>>,
    #[serde(with = "buf")]
    joints: S::Buf<JointSlot<T, U>>,
    #[serde(with = "buf")]
    planes: S::Buf<Plane<T>>,
    body_handles: Handles<S>,
    joint_handles: Handles<S>,
    plane_handles: Handles<S>,
    #[serde(with = "buf")]
    contacts: S::Buf<Contact<T>>,
    touching: Touching<T, S>,
    format: u32,
}

/// A world deserializes from what [`Serialize`] wrote, with a default broad phase; every
/// body, plane and joint is checked as `add_*` checks it, and every index (joint bodies,
/// contact pairs, handle tables, touching pairs) is checked against the arrays it names.
impl<'de, T, S, U, B> Deserialize<'de> for World<T, S, U, B>
where
    T: Scalar + FloatConst + Deserialize<'de>,
    S: Storage,
    U: ConstraintFunction<T> + Clone + Deserialize<'de>,
    B: BroadPhase<T> + Default,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let saved = Saved::<T, S, U>::deserialize(deserializer)?;
        saved.restore().map_err(de::Error::custom)
    }
}

/// Why a snapshot was refused: the item and what is wrong with it.
struct Refused {
    item: &'static str,
    index: usize,
    why: Why,
}

enum Why {
    World(super::WorldError),
    Text(&'static str),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "world snapshot refused: {} {}: ", self.item, self.index)?;
        match &self.why {
            Why::World(e) => write!(f, "{e}"),
            Why::Text(t) => f.write_str(t),
        }
    }
}

fn refuse<V>(item: &'static str, index: usize, why: &'static str) -> Result<V, Refused> {
    Err(Refused {
        item,
        index,
        why: Why::Text(why),
    })
}

impl<T, S, U> Saved<T, S, U>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
{
    fn restore<B: BroadPhase<T> + Default>(self) -> Result<World<T, S, U, B>, Refused> {
        if self.format != FORMAT {
            return refuse(
                "format",
                self.format as usize,
                "not this build's snapshot layout",
            );
        }
        let world_error = |item, index| {
            move |e| Refused {
                item,
                index,
                why: Why::World(e),
            }
        };
        self.settings
            .validate()
            .map_err(world_error("settings", 0))?;
        if !self.time.is_finite() {
            return refuse("time", 0, "not finite");
        }
        let n = self.bodies.as_slice().len();
        for (i, body) in self.bodies.as_slice().iter().enumerate() {
            body.validated().map_err(world_error("body", i))?;
            if !(body.inv_mass >= T::zero() && body.inv_mass.is_finite() && body.mass > T::zero()) {
                return refuse("body", i, "mass not positive or inverse mass not finite");
            }
            let inertia_ok = body.inertia.is_none_or(|inertia| {
                rotint::BodyInertia::try_new(*inertia.tensor()).is_ok()
                    && inertia.inverse().is_finite()
            });
            if !inertia_ok {
                return refuse(
                    "body",
                    i,
                    "inertia not a valid tensor with a finite inverse",
                );
            }
        }
        for (i, plane) in self.planes.as_slice().iter().enumerate() {
            let unit = (plane.normal.norm() - T::one()).abs() <= fpu::sqrt(T::epsilon());
            if !(unit && plane.offset.is_finite()) {
                return refuse("plane", i, "normal not unit or offset not finite");
            }
            plane.material.validate().map_err(world_error("plane", i))?;
        }
        for (i, slot) in self.joints.as_slice().iter().enumerate() {
            if slot.a >= n || slot.b.is_some_and(|b| b >= n || b == slot.a) {
                return refuse("joint", i, "names a body out of range, or one body twice");
            }
        }
        let planes = self.planes.as_slice().len();
        for (i, c) in self.contacts.as_slice().iter().enumerate() {
            let partner_ok = match c.partner {
                Partner::Body(b) => b < n && b != c.a,
                Partner::Plane(p) => p < planes,
            };
            if c.a >= n || !partner_ok {
                return refuse("contact", i, "names a body or plane out of range");
            }
        }
        for (table, item, len) in [
            (&self.body_handles, "body handle table", n),
            (
                &self.joint_handles,
                "joint handle table",
                self.joints.as_slice().len(),
            ),
            (&self.plane_handles, "plane handle table", planes),
        ] {
            table.check(len).map_err(|why| Refused {
                item,
                index: len,
                why: Why::Text(why),
            })?;
        }
        self.touching
            .check(&self.body_handles, &self.plane_handles)
            .map_err(|index| Refused {
                item: "touching pair",
                index,
                why: Why::Text("names a body or plane no longer in the world"),
            })?;
        let contacts = ContactSet::restore(self.contacts).map_err(world_error("contacts", 0))?;
        Ok(World {
            settings: self.settings,
            stepper: self.stepper.with_frame(rotint::Frame::Body),
            broad_phase: B::default(),
            time: self.time,
            bodies: self.bodies,
            joints: self.joints,
            planes: self.planes,
            body_handles: self.body_handles,
            joint_handles: self.joint_handles,
            plane_handles: self.plane_handles,
            contacts,
            touching: self.touching,
            scratch: Scratch::new(),
        })
    }
}
