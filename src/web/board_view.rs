//! The board's frame on the page: fitted to the space it has (cells square and as large as
//! fit), zoomed (buttons, Ctrl+wheel, pinch) and panned (drag, scroll) when that is not
//! large enough, following the game (a new stone is brought into view), and, on big
//! boards, an overview of the whole board that moves the view with a click.
//!
//! The table's size is linear in its cell size (`--cell`): measured at two sizes once, it
//! tells which cell size fits any box without trying.

use super::dom;
use crate::game::Side;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement, HtmlElement};

/// The smallest cell a fitted board gets (a 60x60 board on a phone).
const MIN_CELL: f64 = 4.0;
/// Each zoom step.
const ZOOM_STEP: f64 = 1.25;
/// Boards with this many cells or more get the overview.
pub const MINIMAP_CELLS: usize = 900;
/// The overview's longer side, in CSS pixels.
const MINIMAP_SIZE: f64 = 132.0;

pub struct BoardView {
    wrap: HtmlElement,
    table: HtmlElement,
    /// The table's width and height as `a * cell + b`: `a` the cells across (down), `b`
    /// what does not grow with the cells (borders, headers), guessed until `settle`
    /// measures it on the table as laid out.
    width: (f64, f64),
    height: (f64, f64),
    measured: bool,
    cell: f64,
    max_cell: f64,
    /// The board is as fitted (not zoomed by the player): it refits when the window does.
    fitted: bool,
    minimap: Option<HtmlCanvasElement>,
    /// Rows and columns, for the overview.
    grid: (usize, usize),
}

fn px(v: f64) -> String {
    format!("{v}px")
}

impl BoardView {
    /// Frames `table` (inside `.board-wrap`), a grid of `grid` cells (rows, columns) each
    /// `--cell` wide and high plus a fixed part, with cells at most `max_cell` pixels.
    ///
    /// The first fit is worked out while the table is out of the layout, so that its cells
    /// are styled and laid out once, at their size, when the page is complete (see
    /// `settle`): a 60x60 board's 3600 cells take a good part of a second each time.
    pub fn new(table: &Element, max_cell: f64, grid: (usize, usize)) -> Result<BoardView, JsValue> {
        let table: HtmlElement = table.clone().unchecked_into();
        let wrap: HtmlElement = table
            .closest(".board-wrap")?
            .ok_or_else(|| JsValue::from_str("the board has no .board-wrap"))?
            .unchecked_into();
        let minimap = if grid.0 * grid.1 >= MINIMAP_CELLS {
            let canvas: HtmlCanvasElement = dom::by_id("minimap")?.unchecked_into();
            dom::set_shown(&canvas, true)?;
            Some(canvas)
        } else {
            None
        };
        let (rows, cols) = (grid.0 as f64, grid.1 as f64);
        let mut view = BoardView {
            wrap,
            table,
            // A guess: one pixel of border between cells and around them.
            width: (cols, cols + 1.0),
            height: (rows, rows + 1.0),
            measured: false,
            cell: 20.0,
            max_cell,
            fitted: true,
            minimap,
            grid,
        };
        dom::set_shown(&view.table, false)?;
        let fitted = view.fit();
        dom::set_shown(&view.table, true)?;
        fitted?;
        Ok(view)
    }

    pub fn wrap(&self) -> &HtmlElement {
        &self.wrap
    }

    /// Measures the table as laid out, once, after the page has set everything else on
    /// it (each change to the table's attributes restyles its cells): what does not grow
    /// with the cells, and then the fit again if the first one's guess was off.
    pub fn settle(&mut self) -> Result<(), JsValue> {
        if self.measured {
            return Ok(());
        }
        self.measured = true;
        // Twice at most: a table whose headers outgrow small cells is not quite linear.
        for _ in 0..2 {
            let w = self.table.offset_width() as f64;
            let h = self.table.offset_height() as f64;
            self.width.1 = w - self.width.0 * self.cell;
            self.height.1 = h - self.height.0 * self.cell;
            if !self.fitted {
                break;
            }
            let cell = self.fitting_cell();
            if cell == self.cell {
                break;
            }
            self.set_cell(cell)?;
        }
        Ok(())
    }

    /// The box the board may take: the page's width less the side panel beside it on a
    /// wide screen, and the window's height below the board's top (at least 320 px).
    fn available(&self) -> (f64, f64) {
        let window = dom::window();
        let inner_w = window
            .inner_width()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(800.0);
        let inner_h = window
            .inner_height()
            .ok()
            .and_then(|v| v.as_f64())
            .unwrap_or(800.0);
        // The row the board shares with the side panel: the board's own column is only as
        // wide as the board (its width would follow the cell size it is to decide).
        let area = self
            .wrap
            .closest(".play-area")
            .ok()
            .flatten()
            .map(|p| p.client_width() as f64)
            .unwrap_or(inner_w);
        // Beside the board from 760 px on (see style.css): the panel's least width and the gap.
        let panel = if inner_w >= 760.0 {
            14.0 * 16.0 + 20.0
        } else {
            0.0
        };
        let width = (area - panel).max(120.0);
        let scroll_y = window.scroll_y().unwrap_or(0.0);
        let top = self.wrap.get_bounding_client_rect().top() + scroll_y;
        // In a short window (a phone on its side) the room below the buttons and the
        // status would leave cells too small to play: the board gets 320 px (or the
        // window's height) and the page scrolls down to it.
        let height = (inner_h - top - 12.0).max((inner_h - 12.0).min(320.0));
        (width, height)
    }

    /// The largest cells that show the whole board in its box, the box set as the wrap's
    /// largest size.
    fn fitting_cell(&self) -> f64 {
        let (w, h) = self.available();
        let (pad_w, pad_h) = self.padding();
        let style = self.wrap.style();
        let _ = style.set_property("max-width", &px(w.floor()));
        let _ = style.set_property("max-height", &px(h.floor()));
        let by_width = (w - pad_w - self.width.1) / self.width.0;
        let by_height = (h - pad_h - self.height.1) / self.height.0;
        by_width
            .min(by_height)
            .floor()
            .clamp(MIN_CELL, self.max_cell)
    }

    /// Fits the board to its box (the largest cells that show it whole).
    pub fn fit(&mut self) -> Result<(), JsValue> {
        let style = self.wrap.style();
        style.remove_property("width")?;
        style.remove_property("height")?;
        let cell = self.fitting_cell();
        self.fitted = true;
        // The whole board in view: the scroll goes back to the start by itself.
        self.set_cell(cell)
    }

    fn set_cell(&mut self, cell: f64) -> Result<(), JsValue> {
        self.cell = cell;
        self.table.style().set_property("--cell", &px(cell))?;
        // Small cells have room for only some of the coordinates.
        self.table
            .toggle_attribute_with_force("data-small", cell < 17.0)?;
        Ok(())
    }

    /// The wrap's padding and borders (the room around the table: coordinates, outlines);
    /// not its scrollbars, which a fitted board does not have.
    fn padding(&self) -> (f64, f64) {
        let style = dom::window().get_computed_style(&self.wrap).ok().flatten();
        let get = |name: &str| {
            style
                .as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .and_then(|v| v.trim_end_matches("px").parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        let sum = |names: [&str; 4]| names.iter().map(|n| get(n)).sum::<f64>();
        (
            sum([
                "padding-left",
                "padding-right",
                "border-left-width",
                "border-right-width",
            ]),
            sum([
                "padding-top",
                "padding-bottom",
                "border-top-width",
                "border-bottom-width",
            ]),
        )
    }

    /// Zooms by `factor` around the point `anchor` (client coordinates), or the middle of
    /// the view.
    pub fn zoom(&mut self, factor: f64, anchor: Option<(f64, f64)>) -> Result<(), JsValue> {
        let cell = (self.cell * factor).clamp(MIN_CELL, self.max_cell.max(64.0));
        if self.fitted {
            // The view keeps the fitted board's box: zoomed, the board is seen through it,
            // and what lies around it (the zoom buttons under a phone's finger) stays put.
            let style = self.wrap.style();
            let box_ = self.wrap.get_bounding_client_rect();
            style.set_property("width", &px(box_.width()))?;
            style.set_property("height", &px(box_.height()))?;
        }
        self.fitted = false;
        self.apply(cell, anchor)
    }

    /// Sets the cell size, keeping the board point under `anchor` (or the view's middle)
    /// where it is.
    pub fn apply(&mut self, cell: f64, anchor: Option<(f64, f64)>) -> Result<(), JsValue> {
        let rect = self.wrap.get_bounding_client_rect();
        // The anchor in the view (from its padding edge, where scrolling counts from).
        let (ax, ay) = match anchor {
            Some((x, y)) => (
                x - rect.left() - self.wrap.client_left() as f64,
                y - rect.top() - self.wrap.client_top() as f64,
            ),
            None => (
                self.wrap.client_width() as f64 / 2.0,
                self.wrap.client_height() as f64 / 2.0,
            ),
        };
        let (ox, oy) = self.table_origin();
        let old_w = self.table.offset_width().max(1) as f64;
        let old_h = self.table.offset_height().max(1) as f64;
        // The board point under the anchor, as fractions of the table.
        let fx = (self.wrap.scroll_left() as f64 + ax - ox) / old_w;
        let fy = (self.wrap.scroll_top() as f64 + ay - oy) / old_h;
        self.set_cell(cell)?;
        let new_w = self.table.offset_width() as f64;
        let new_h = self.table.offset_height() as f64;
        self.wrap
            .set_scroll_left((ox + fx * new_w - ax).round() as i32);
        self.wrap
            .set_scroll_top((oy + fy * new_h - ay).round() as i32);
        Ok(())
    }

    /// Where the table starts in the wrap's scrolled content (its padding: room for the
    /// coordinates), which does not change with zoom or scroll.
    fn table_origin(&self) -> (f64, f64) {
        let w = self.wrap.get_bounding_client_rect();
        let t = self.table.get_bounding_client_rect();
        (
            t.left() - w.left() - self.wrap.client_left() as f64 + self.wrap.scroll_left() as f64,
            t.top() - w.top() - self.wrap.client_top() as f64 + self.wrap.scroll_top() as f64,
        )
    }

    /// Refits after the window changed, unless the player zoomed.
    pub fn window_changed(&mut self) -> Result<(), JsValue> {
        if self.fitted {
            self.fit()
        } else {
            let (w, h) = self.available();
            let style = self.wrap.style();
            style.set_property("max-width", &px(w.floor()))?;
            style.set_property("max-height", &px(h.floor()))
        }
    }

    /// Scrolls the view, and only the view, so that `el` is in it: a cell outside comes to
    /// the middle.
    pub fn follow(&self, el: &Element) {
        let view = self.wrap.get_bounding_client_rect();
        let r = el.get_bounding_client_rect();
        let inside = r.left() >= view.left()
            && r.right() <= view.left() + self.wrap.client_width() as f64
            && r.top() >= view.top()
            && r.bottom() <= view.top() + self.wrap.client_height() as f64;
        if inside {
            return;
        }
        let dx = r.left() + r.width() / 2.0 - (view.left() + self.wrap.client_width() as f64 / 2.0);
        let dy = r.top() + r.height() / 2.0 - (view.top() + self.wrap.client_height() as f64 / 2.0);
        self.wrap
            .set_scroll_left(self.wrap.scroll_left() + dx.round() as i32);
        self.wrap
            .set_scroll_top(self.wrap.scroll_top() + dy.round() as i32);
    }

    /// Moves the view so that the board point at fractions `(fx, fy)` of its size is in the
    /// middle.
    pub fn centre_on(&self, fx: f64, fy: f64) {
        let w = self.table.offset_width() as f64;
        let h = self.table.offset_height() as f64;
        let (left, top) = self.table_origin();
        let x = left + fx * w - self.wrap.client_width() as f64 / 2.0;
        let y = top + fy * h - self.wrap.client_height() as f64 / 2.0;
        self.wrap.set_scroll_left(x.round() as i32);
        self.wrap.set_scroll_top(y.round() as i32);
    }

    /// Draws the overview: the stones, and the part of the board in view.
    pub fn draw_minimap(&self, stones: &[(usize, usize, Side)]) -> Result<(), JsValue> {
        let Some(canvas) = &self.minimap else {
            return Ok(());
        };
        let (rows, cols) = self.grid;
        let scale = MINIMAP_SIZE / rows.max(cols) as f64;
        let (w, h) = (cols as f64 * scale, rows as f64 * scale);
        let ratio = dom::window().device_pixel_ratio().max(1.0);
        if canvas.width() != (w * ratio) as u32 {
            canvas.set_width((w * ratio) as u32);
            canvas.set_height((h * ratio) as u32);
            canvas.style().set_property("width", &px(w))?;
            canvas.style().set_property("height", &px(h))?;
        }
        let ctx: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2d context"))?
            .unchecked_into();
        ctx.set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)?;
        let css = dom::window().get_computed_style(canvas).ok().flatten();
        let colour = |name: &str, fallback: &str| {
            css.as_ref()
                .and_then(|s| s.get_property_value(name).ok())
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| fallback.to_string())
        };
        ctx.set_fill_style_str(&colour("--board", "#f3e2b8"));
        ctx.fill_rect(0.0, 0.0, w, h);
        let dot = scale.max(1.5);
        for &(row, col, side) in stones {
            let c = if side == Side::First {
                colour("--x", "#c0392b")
            } else {
                colour("--o", "#1f5fa8")
            };
            ctx.set_fill_style_str(&c);
            ctx.fill_rect(col as f64 * scale, row as f64 * scale, dot, dot);
        }
        // The view: the wrap's scroll box over the table.
        let tw = self.table.offset_width().max(1) as f64;
        let th = self.table.offset_height().max(1) as f64;
        let (ox, oy) = self.table_origin();
        let x0 = ((self.wrap.scroll_left() as f64 - ox) / tw).clamp(0.0, 1.0);
        let y0 = ((self.wrap.scroll_top() as f64 - oy) / th).clamp(0.0, 1.0);
        let vw = (self.wrap.client_width() as f64 / tw).min(1.0 - x0);
        let vh = (self.wrap.client_height() as f64 / th).min(1.0 - y0);
        ctx.set_stroke_style_str(&colour("--accent", "#2e7d32"));
        ctx.set_line_width(1.5);
        ctx.stroke_rect(
            x0 * w + 0.75,
            y0 * h + 0.75,
            (vw * w - 1.5).max(2.0),
            (vh * h - 1.5).max(2.0),
        );
        Ok(())
    }

    /// The board fractions under a click on the overview at client `(x, y)`.
    pub fn minimap_point(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let canvas = self.minimap.as_ref()?;
        let r = canvas.get_bounding_client_rect();
        Some((
            ((x - r.left()) / r.width()).clamp(0.0, 1.0),
            ((y - r.top()) / r.height()).clamp(0.0, 1.0),
        ))
    }
}

/// The zoom factor of `steps` zoom-button presses (negative: out).
pub fn zoom_factor(steps: i32) -> f64 {
    ZOOM_STEP.powi(steps)
}

/// Dragging the board with the mouse pans it (a drag is then no click); two fingers pinch it
/// (`zoom` gets each step's factor and the fingers' midpoint). One finger pans natively.
pub fn pan_and_pinch(
    wrap: &HtmlElement,
    zoom: impl Fn(f64, (f64, f64)) + 'static,
) -> Result<(), JsValue> {
    use std::cell::Cell;
    use std::rc::Rc;
    // Where a mouse drag began (client x, y), the scroll then, and whether it has moved.
    type Drag = Option<(f64, f64, i32, i32, bool)>;
    let drag: Rc<Cell<Drag>> = Rc::new(Cell::new(None));
    let dragged = Rc::new(Cell::new(false));
    let (w, d) = (wrap.clone(), drag.clone());
    dom::on(wrap, "pointerdown", move |event| {
        let Ok(e) = event.dyn_into::<web_sys::PointerEvent>() else {
            return;
        };
        if e.pointer_type() == "mouse" && e.button() == 0 {
            d.set(Some((
                e.client_x() as f64,
                e.client_y() as f64,
                w.scroll_left(),
                w.scroll_top(),
                false,
            )));
        }
    })?;
    let (w, d) = (wrap.clone(), drag.clone());
    dom::on(wrap, "pointermove", move |event| {
        let Ok(e) = event.dyn_into::<web_sys::PointerEvent>() else {
            return;
        };
        let Some((x, y, sl, st, moved)) = d.get() else {
            return;
        };
        if e.buttons() & 1 == 0 {
            d.set(None);
            return;
        }
        let (dx, dy) = (e.client_x() as f64 - x, e.client_y() as f64 - y);
        // A few pixels of jitter are still a click.
        if moved || dx.abs() + dy.abs() > 6.0 {
            w.set_scroll_left(sl - dx.round() as i32);
            w.set_scroll_top(st - dy.round() as i32);
            d.set(Some((x, y, sl, st, true)));
        }
    })?;
    let (d, g) = (drag.clone(), dragged.clone());
    dom::on(wrap, "pointerup", move |_| {
        if let Some((.., moved)) = d.take() {
            g.set(moved);
        }
    })?;
    // The click that ends a drag plays nothing: caught before the board's own handler.
    let g = dragged.clone();
    let swallow = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        if g.replace(false) {
            event.stop_propagation();
            event.prevent_default();
        }
    });
    let options = web_sys::AddEventListenerOptions::new();
    options.set_capture(true);
    wrap.add_event_listener_with_callback_and_add_event_listener_options(
        "click",
        swallow.as_ref().unchecked_ref(),
        &options,
    )?;
    swallow.forget();

    // Pinch: the distance between two fingers scales the cells.
    let pinch: Rc<Cell<Option<f64>>> = Rc::new(Cell::new(None));
    let touches = |e: &web_sys::TouchEvent| -> Option<(f64, (f64, f64))> {
        let list = e.touches();
        if list.length() != 2 {
            return None;
        }
        let (a, b) = (list.item(0)?, list.item(1)?);
        let (ax, ay) = (a.client_x() as f64, a.client_y() as f64);
        let (bx, by) = (b.client_x() as f64, b.client_y() as f64);
        Some((
            ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt(),
            ((ax + bx) / 2.0, (ay + by) / 2.0),
        ))
    };
    let p = pinch.clone();
    dom::on_passive(wrap, "touchstart", true, move |event| {
        let Ok(e) = event.dyn_into::<web_sys::TouchEvent>() else {
            return;
        };
        p.set(touches(&e).map(|(dist, _)| dist));
    })?;
    let p = pinch.clone();
    dom::on_passive(wrap, "touchmove", false, move |event| {
        let Ok(e) = event.dyn_into::<web_sys::TouchEvent>() else {
            return;
        };
        let (Some(start), Some((dist, mid))) = (p.get(), touches(&e)) else {
            return;
        };
        e.prevent_default();
        if start > 0.0 && (dist / start - 1.0).abs() > 0.04 {
            zoom(dist / start, mid);
            p.set(Some(dist));
        }
    })?;
    let p = pinch;
    dom::on_passive(wrap, "touchend", true, move |_| p.set(None))?;
    Ok(())
}
