//! Placeholder: this subcommand is built in its own issue.

use crate::game::InputError;

pub fn bench(_args: &[String]) -> Result<(), InputError> {
    Err(InputError::new("not built yet"))
}

pub fn solve(_args: &[String]) -> Result<(), InputError> {
    Err(InputError::new("not built yet"))
}
