//! The browser app: a thin web-sys layer over the engines (wasm32 only).
