use clap::Parser;

fn main() {
    let cli = sabot::cli::Cli::parse();
    std::process::exit(sabot::cli::main_with(cli));
}
