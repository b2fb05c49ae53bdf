use caro::caro::notation::parse_position;
use caro::caro::renju::forbidden;
use std::time::Instant;
fn main() {
    let b = parse_position("renju 15x15 7,5 6,8 7,9 6,9 6,6 6,10 6,11 8,4 5,5 7,7 5,13 8,6 9,5 6,12 4,10 7,10 8,3 6,5 5,8 8,10 9,10 8,7 8,8 10,5 5,7").unwrap();
    let t = Instant::now();
    let mut n = 0;
    let mut f = 0;
    for _ in 0..100 {
        for p in b.empty_cells() {
            n += 1;
            if forbidden(&b, p).is_some() {
                f += 1;
            }
        }
    }
    println!(
        "{} cells, {} forbidden, {:.1} us per cell",
        n / 100,
        f / 100,
        t.elapsed().as_secs_f64() * 1e6 / n as f64
    );
}
