//! A connection to the pit with a deadline on every exchange ([`Session`]), and what
//! connecting needs before the driver logs in: a thread with a time limit
//! ([`run_within`]) and the probe that asks a server for its first answer.

use super::client::{PitUrl, db_error};
use super::{PitError, Unreachable};
use postgres::{Client, Config};
use std::time::Duration;

/// A connection to the pit whose every exchange ends within the URL's answer limit
/// (`PitUrl::answer_limit`): each runs on its own thread, and a server that does not
/// answer in time (a frozen backend, a server that let Sabot log in and then says
/// nothing) is given up, the connection with it (the thread is left to end on its
/// own); the next exchange says «not connected». The read side, the table's side,
/// `init`, the school and the floor talk to the pit through one.
pub struct Session {
    url: PitUrl,
    client: Option<Client>,
}

impl Session {
    /// Connects (within the connect timeout and the login margin).
    pub fn connect(url: &PitUrl) -> Result<Session, PitError> {
        Ok(Session { url: url.clone(), client: Some(url.connect()?) })
    }

    /// Runs `f` on the connection, waiting at most the answer limit for it.
    pub fn within<T: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Client) -> T + Send + 'static,
    ) -> Result<T, PitError> {
        let Some(mut client) = self.client.take() else {
            return Err(self.url.offline(Unreachable::NotConnected));
        };
        let limit = self.url.answer_limit();
        match run_within(limit, move || {
            let result = f(&mut client);
            (client, result)
        }) {
            Some((client, result)) => {
                self.client = Some(client);
                Ok(result)
            }
            None => Err(self
                .url
                .offline(Unreachable::Stalled { secs: limit.as_secs() + u64::from(limit.subsec_nanos() > 0) })),
        }
    }

    /// `within`, a database error as a `PitError`.
    pub fn call<T: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, PitError> {
        let url = self.url.clone();
        self.within(f)?.map_err(|e| db_error(&url, &e))
    }

    /// The connection was given up, or the server closed it.
    pub fn is_closed(&self) -> bool {
        self.client.as_ref().is_none_or(Client::is_closed)
    }

    /// The pit it talks to.
    pub fn url(&self) -> &PitUrl {
        &self.url
    }
}

/// Runs `f` on its own thread and waits at most `limit` for it: None when it did not
/// end in time (the thread is left to end on its own; its result is dropped).
pub(crate) fn run_within<T: Send + 'static>(limit: Duration, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().name("sabot-pit-connect".into()).spawn(move || {
        // The receiver may be gone (given up): nothing to tell then.
        let _ = tx.send(f());
    });
    if spawned.is_err() {
        return None;
    }
    rx.recv_timeout(limit).ok()
}

/// PostgreSQL's SSLRequest: every server answers it with one byte (`S` or `N`).
const SSL_REQUEST: [u8; 8] = [0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f];

/// Refuses a TCP socket connected to itself (its local address is its peer's): what
/// a connection to a port of the ephemeral range on this machine with nothing
/// listening can become. It would wait on itself for ever and hold the port.
pub fn refuse_self_connected(stream: &std::net::TcpStream) -> Result<(), Unreachable> {
    match (stream.local_addr(), stream.peer_addr()) {
        (Ok(local), Ok(peer)) if local == peer => Err(Unreachable::SelfConnected { at: peer.to_string() }),
        (Ok(_), Ok(_)) => Ok(()),
        (Err(e), _) | (_, Err(e)) => Err(connect_failed("", &e)),
    }
}

/// A failed connection to `at`, as the system said it.
fn connect_failed(at: &str, e: &std::io::Error) -> Unreachable {
    Unreachable::Connect { at: at.to_string(), kind: e.kind(), said: e.to_string() }
}

/// Asks the first server of `config` that can be reached for its first answer to
/// PostgreSQL's SSLRequest: where it is, and that answer (`S`: it offers TLS; `N`:
/// it does not; `E`: an error).
pub(super) fn probe(config: &Config, limit: Duration) -> Result<(String, u8), Unreachable> {
    use postgres::config::Host;
    use std::net::ToSocketAddrs;
    let ports = config.get_ports();
    let port = |i: usize| ports.get(i).or(ports.first()).copied().unwrap_or(5432);
    let ask = |s: &mut dyn ReadWrite, at: &str| -> Result<(String, u8), Unreachable> {
        s.write_all(&SSL_REQUEST).map_err(|e| connect_failed(at, &e))?;
        let mut b = [0u8; 1];
        match s.read(&mut b) {
            Ok(1) if matches!(b[0], b'S' | b'N' | b'E') => Ok((at.to_string(), b[0])),
            Ok(_) => Err(Unreachable::NotPostgres { at: at.to_string() }),
            Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {
                Err(Unreachable::Silent { at: at.to_string(), secs: limit.as_secs() })
            }
            Err(e) => Err(connect_failed(at, &e)),
        }
    };
    let mut last = Unreachable::NoHost;
    let mut targets: Vec<(Option<&Host>, Option<std::net::IpAddr>, u16)> = config
        .get_hosts()
        .iter()
        .enumerate()
        .map(|(i, h)| (Some(h), config.get_hostaddrs().get(i).copied(), port(i)))
        .collect();
    if targets.is_empty() {
        targets = config.get_hostaddrs().iter().enumerate().map(|(i, a)| (None, Some(*a), port(i))).collect();
    }
    if targets.is_empty() {
        targets.push((None, None, port(0)));
    }
    for (host, addr, port) in targets {
        let result = match (host, addr) {
            #[cfg(unix)]
            (Some(Host::Unix(dir)), _) => {
                let path = dir.join(format!(".s.PGSQL.{port}"));
                let at = format!("{}:{port}", dir.display());
                std::os::unix::net::UnixStream::connect(&path).map_err(|e| connect_failed(&at, &e)).and_then(|mut s| {
                    s.set_read_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                    s.set_write_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                    ask(&mut s, &at)
                })
            }
            (host, addr) => {
                let name = match host {
                    Some(Host::Tcp(n)) => n.clone(),
                    _ => "localhost".to_string(),
                };
                let at = format!("{name}:{port}");
                let addrs: Vec<std::net::SocketAddr> = match addr {
                    Some(a) => vec![std::net::SocketAddr::new(a, port)],
                    None => (name.as_str(), port).to_socket_addrs().map_err(|e| connect_failed(&at, &e))?.collect(),
                };
                let mut result = Err(Unreachable::NoAddress { at: at.clone() });
                for a in addrs {
                    result = std::net::TcpStream::connect_timeout(&a, limit)
                        .map_err(|e| connect_failed(&at, &e))
                        .and_then(|mut s| {
                            refuse_self_connected(&s)?;
                            s.set_read_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                            s.set_write_timeout(Some(limit)).map_err(|e| connect_failed(&at, &e))?;
                            ask(&mut s, &at)
                        });
                    if result.is_ok() {
                        break;
                    }
                }
                result
            }
        };
        match result {
            Ok(answer) => return Ok(answer),
            Err(e) => last = e,
        }
    }
    Err(last)
}

trait ReadWrite: std::io::Read + std::io::Write {}
impl<T: std::io::Read + std::io::Write> ReadWrite for T {}
