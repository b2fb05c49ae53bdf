//! Placeholder: this subcommand is built in its own issue.

use crate::game::InputError;

pub fn play(_args: &[String]) -> Result<(), InputError> {
    Err(InputError::new("not built yet"))
}

pub fn run(_args: &[String]) -> Result<(), InputError> {
    Err(InputError::new("not built yet"))
}
