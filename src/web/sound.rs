//! Short, soft sounds on the game pages, made with the Web Audio API (no audio files): a
//! stone or disc placed by either side, a game won, a move refused. Off until the player
//! switches them on with `#sound` (a toggle button, `aria-pressed`); the browser remembers
//! the choice. Browsers let a page make sound only once the player has used it (a click,
//! a key), so until then, a computer-vs-computer game just opened say, moves are silent.

use super::dom;
use crate::game::Outcome;
use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AudioContext, AudioContextState, OscillatorType, UserActivation};

/// Where the browser keeps the switch (`on` or `off`).
const SOUND_KEY: &str = "caro-app.sound";

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(false) };
    /// Made with the first sound, and kept: browsers limit how many a page may make.
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A stone or disc placed: a short wooden tock.
    Stone,
    /// A game won: a rising major arpeggio.
    Win,
    /// A move refused: two low, soft pulses.
    Refused,
}

/// One tone: a waveform gliding from one pitch to another, rising at once and fading out.
struct Tone {
    wave: OscillatorType,
    from_hz: f32,
    to_hz: f32,
    /// Seconds after the sound starts.
    delay: f64,
    seconds: f64,
    volume: f32,
}

impl Sound {
    fn tones(self) -> Vec<Tone> {
        let tone = |wave, from_hz, to_hz, delay, seconds, volume| Tone {
            wave,
            from_hz,
            to_hz,
            delay,
            seconds,
            volume,
        };
        match self {
            Sound::Stone => vec![tone(OscillatorType::Triangle, 700.0, 320.0, 0.0, 0.09, 0.2)],
            Sound::Win => [523.25, 659.25, 783.99, 1046.5]
                .iter()
                .enumerate()
                .map(|(i, &hz)| tone(OscillatorType::Sine, hz, hz, i as f64 * 0.1, 0.22, 0.14))
                .collect(),
            Sound::Refused => vec![
                tone(OscillatorType::Triangle, 190.0, 150.0, 0.0, 0.08, 0.2),
                tone(OscillatorType::Triangle, 190.0, 140.0, 0.11, 0.1, 0.2),
            ],
        }
    }
}

/// Sets the page's `#sound` toggle to the kept choice and switches sounds on and off with
/// it (switching on plays a stone, so the player hears what they chose).
pub fn wire() -> Result<(), JsValue> {
    let on = dom::stored(SOUND_KEY).as_deref() == Some("on");
    ENABLED.set(on);
    let button = dom::by_id("sound")?;
    button.set_attribute("aria-pressed", if on { "true" } else { "false" })?;
    let toggle = button.clone();
    dom::on(&button, "click", move |_| {
        let on = !ENABLED.get();
        ENABLED.set(on);
        dom::store(SOUND_KEY, if on { "on" } else { "off" });
        let _ = toggle.set_attribute("aria-pressed", if on { "true" } else { "false" });
        play(Sound::Stone);
    })
}

/// The sound of a move just played: a stone, or the win if it won the game.
pub fn move_played(outcome: Option<Outcome>) {
    play(match outcome {
        Some(Outcome::Win(_)) => Sound::Win,
        _ => Sound::Stone,
    });
}

/// Plays `sound` if sounds are on and the page may make them. Sound is a nicety: any
/// failure leaves the game silent, never stopped.
pub fn play(sound: Sound) {
    if !ENABLED.get() || !player_has_used_the_page() {
        return;
    }
    let Some(audio) = AUDIO.with_borrow_mut(|audio| {
        if audio.is_none() {
            *audio = AudioContext::new().ok();
        }
        audio.clone()
    }) else {
        return;
    };
    if audio.state() == AudioContextState::Suspended {
        let _ = audio.resume();
    }
    let now = audio.current_time();
    for tone in sound.tones() {
        let _ = play_tone(&audio, now + tone.delay, &tone);
    }
}

fn play_tone(audio: &AudioContext, start: f64, tone: &Tone) -> Result<(), JsValue> {
    let end = start + tone.seconds;
    let oscillator = audio.create_oscillator()?;
    oscillator.set_type(tone.wave);
    let pitch = oscillator.frequency();
    pitch.set_value_at_time(tone.from_hz, start)?;
    pitch.exponential_ramp_to_value_at_time(tone.to_hz, end)?;
    // A few milliseconds' rise and an exponential fall: no click at either end.
    let gain = audio.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0001, start)?;
    level.exponential_ramp_to_value_at_time(tone.volume, start + 0.008)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    oscillator.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&audio.destination())?;
    oscillator.start_with_when(start)?;
    oscillator.stop_with_when(end + 0.02)
}

/// Whether the player has clicked or typed on the page yet (before that, an audio context
/// would only be refused, with a warning). Browsers without `navigator.userActivation`
/// are let try.
fn player_has_used_the_page() -> bool {
    let navigator = dom::window().navigator();
    match js_sys::Reflect::get(&navigator, &JsValue::from_str("userActivation")) {
        Ok(activation) if activation.is_object() => activation
            .unchecked_into::<UserActivation>()
            .has_been_active(),
        _ => true,
    }
}
