//! Optional serde support: a list is a sequence in list order, in either storage.
use core::fmt;
use core::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, Error as _, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeSeq, Serializer};

use crate::index::Index;
use crate::list::List;
use crate::storage::Storage;

impl<T: Serialize, Ix: Index, S: Storage> Serialize for List<T, Ix, S> {
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for v in self {
            seq.serialize_element(v)?;
        }
        seq.end()
    }
}

impl<'de, T: Deserialize<'de>, Ix: Index, S: Storage> Deserialize<'de> for List<T, Ix, S> {
    /// Builds a linear list; fails (does not truncate) if the sequence does not fit.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ListVisitor<T, Ix, S>(PhantomData<(T, Ix, S)>);
        impl<'de, T: Deserialize<'de>, Ix: Index, S: Storage> Visitor<'de> for ListVisitor<T, Ix, S> {
            type Value = List<T, Ix, S>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut list = List::new();
                while let Some(v) = seq.next_element()? {
                    if list.try_push_back(v).is_err() {
                        return Err(A::Error::custom(
                            "cwlist: sequence longer than the list can hold",
                        ));
                    }
                }
                Ok(list)
            }
        }
        deserializer.deserialize_seq(ListVisitor(PhantomData))
    }
}
