//! Record files: text read and written through `pathlib`, with Python's own errors
//! (`FileNotFoundError` and the like, naming the file).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// `pathlib.Path(path)` for a str or an `os.PathLike`.
fn path_object<'py>(path: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    static PATH: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    PATH.import(path.py(), "pathlib", "Path")?.call1((path,))
}

/// The file at `path` read as UTF-8, and the path as a `Path`, to name in messages.
pub fn read<'py>(path: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, PyAny>, String)> {
    let path = path_object(path)?;
    let text = path.call_method1("read_text", ("utf-8",))?.extract()?;
    Ok((path, text))
}

/// Writes `text` to the file at `path` as UTF-8, replacing the file.
pub fn write(path: &Bound<'_, PyAny>, text: String) -> PyResult<()> {
    path_object(path)?.call_method1("write_text", (text, "utf-8"))?;
    Ok(())
}
