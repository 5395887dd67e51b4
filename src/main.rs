fn main() {
    let cli = sabot::cli::parse();
    std::process::exit(sabot::cli::main_with(cli));
}
