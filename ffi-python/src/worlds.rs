//! `sample_world()`: the hidden cards of a view dealt out as the PIMC bot deals them, for
//! samplers written in Python (OpenSpiel's ISMCTS resamples through it).

use pyo3::prelude::*;
use pyo3::types::PyList;
use tablic_core::bots::{sample_world as core_sample_world, Opponents, WORLD_STREAM};
use tablic_core::Pcg32;

use crate::card::{card_list, card_set_object};
use crate::int_arg;
use crate::view::PyView;

/// One world consistent with what `view`'s seat knows, drawn by the core's PIMC sampler
/// (`Pcg32(seed, WORLD_STREAM)`): every seat's hand (the viewer's own as it is; the others
/// weighted by how greedy their moves of this deal were with that hand) and the undealt
/// cards in a random order, top first. The same view and seed give the same world.
#[pyfunction]
#[pyo3(signature = (view, seed = 0))]
pub fn sample_world<'py>(
    py: Python<'py>,
    view: &PyView,
    #[pyo3(from_py_with = int_arg::seed)] seed: u64,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let core_view = view.view();
    let opponents = Opponents::observe(&core_view);
    let mut rng = Pcg32::new(seed, WORLD_STREAM);
    let world = core_sample_world(&core_view, &opponents, &mut rng);
    let players = core_view.players().get();
    let hands = world.hands[..players]
        .iter()
        .map(|&hand| card_set_object(py, hand))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((PyList::new(py, hands)?, card_list(py, world.deck)?))
}
