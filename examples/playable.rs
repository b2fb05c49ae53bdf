use caro::caro::problem::parse_problem;
fn main() {
    for f in [
        "tests/data/gomoku/vcf_freestyle.txt",
        "tests/data/gomoku/vcf_renju.txt",
    ] {
        let text = std::fs::read_to_string(f).unwrap();
        let (mut ok, mut bad) = (0, 0);
        for l in text.lines() {
            let p = parse_problem(l).unwrap();
            if p.playable_board().is_some() {
                ok += 1
            } else {
                bad += 1;
                if bad < 3 {
                    println!("{l}");
                }
            }
        }
        println!("{f}: playable {ok} not {bad}");
    }
}
