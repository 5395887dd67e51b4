//! The pit's TLS: rustls with the `ring` provider (no OpenSSL to build against), the
//! operating system's trusted roots (and the URL's `sslrootcert`, as libpq reads it).
//!
//! The modes, as the connection string says them (libpq's names):
//! - `disable`, `prefer` (the driver's default): no TLS, as before;
//! - `require`, `verify-full`: TLS, the server's certificate checked against the trusted
//!   roots and the host name (what `require` always meant here);
//! - `verify-ca`: TLS, the certificate checked against the trusted roots, not the name.
//!
//! The driver reads neither `verify-ca`/`verify-full` nor `sslrootcert`: [`split`] takes
//! them out of the string (the driver then sees `sslmode=require`) and keeps them.

use super::Unreachable;
use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use std::path::PathBuf;
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// What a connection string asks of TLS beyond what the driver reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TlsAsk {
    /// `sslmode=verify-ca`: the chain checked, not the host name.
    pub any_name: bool,
    /// `sslrootcert=…`: a PEM file of roots trusted besides the system's.
    pub root_cert: Option<PathBuf>,
}

/// Takes `sslmode=verify-ca|verify-full` and `sslrootcert=…` out of a connection string
/// (URL or `key=value` form): the string for the driver (`sslmode=require` in their
/// place) and what they asked.
pub fn split(text: &str) -> (String, TlsAsk) {
    let mut ask = TlsAsk::default();
    let mut keep = |pair: &str| -> Option<String> {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match (key.trim(), value.trim()) {
            ("sslmode", "verify-full") => Some("sslmode=require".into()),
            ("sslmode", "verify-ca") => {
                ask.any_name = true;
                Some("sslmode=require".into())
            }
            ("sslrootcert", path) => {
                ask.root_cert = Some(PathBuf::from(percent_decoded(path.trim_matches('\''))));
                None
            }
            _ => Some(pair.to_string()),
        }
    };
    let text = text.trim();
    let is_url = text.starts_with("postgres://") || text.starts_with("postgresql://");
    let driver = match text.split_once('?') {
        Some((base, query)) if is_url => {
            let pairs: Vec<String> = query.split('&').filter_map(&mut keep).collect();
            if pairs.is_empty() { base.to_string() } else { format!("{base}?{}", pairs.join("&")) }
        }
        _ if is_url => text.to_string(),
        _ => text.split_whitespace().filter_map(&mut keep).collect::<Vec<_>>().join(" "),
    };
    (driver, ask)
}

/// `%2F` and the like decoded (a URL's query); anything else kept as it is.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The driver's TLS connector for `ask`: the system's trusted roots and the URL's root
/// certificate, the host name checked unless `verify-ca`.
pub fn connector(ask: &TlsAsk) -> Result<MakeRustlsConnect, Unreachable> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut roots = rustls::RootCertStore::empty();
    // Roots the system cannot give (none installed) leave only the URL's: a server's
    // certificate is then refused, with that said.
    roots.add_parsable_certificates(rustls_native_certs::load_native_certs().certs);
    if let Some(path) = &ask.root_cert {
        let unreadable = |said: String| Unreachable::RootCert { path: path.display().to_string(), said };
        let certs = CertificateDer::pem_file_iter(path)
            .map_err(|e| unreadable(e.to_string()))?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| unreadable(e.to_string()))?;
        if certs.is_empty() {
            return Err(unreadable("no certificate".into()));
        }
        for cert in certs {
            roots.add(cert).map_err(|e| unreadable(e.to_string()))?;
        }
    }
    let said = |e: rustls::Error| Unreachable::Said(e.to_string());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(said)?;
    let config = if ask.any_name {
        let webpki = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
            .build()
            .map_err(|e| Unreachable::Said(e.to_string()))?;
        builder.dangerous().with_custom_certificate_verifier(Arc::new(AnyName(webpki))).with_no_client_auth()
    } else {
        builder.with_root_certificates(roots).with_no_client_auth()
    };
    Ok(MakeRustlsConnect::new(config))
}

/// The words of a refused certificate (or another TLS failure) in a driver's error,
/// when that is what it is.
pub fn refusal(e: &postgres::Error) -> Option<String> {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(c) = cause {
        if let Some(tls) = c.downcast_ref::<rustls::Error>() {
            return Some(tls.to_string());
        }
        if let Some(tls) =
            c.downcast_ref::<std::io::Error>().and_then(|io| io.get_ref()?.downcast_ref::<rustls::Error>())
        {
            return Some(tls.to_string());
        }
        cause = c.source();
    }
    None
}

/// `verify-ca`: the chain checked against the roots as webpki does, a name that does
/// not match let through.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        // webpki checks the name only once the chain holds.
        match self.0.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_modes_and_the_root_certificate_are_taken_out_for_the_driver() {
        let (url, ask) = split("postgresql://a@pit/db?sslmode=verify-ca&sslrootcert=%2Ftmp%2Fca.pem&connect_timeout=3");
        assert_eq!(url, "postgresql://a@pit/db?sslmode=require&connect_timeout=3");
        assert_eq!(ask, TlsAsk { any_name: true, root_cert: Some("/tmp/ca.pem".into()) });
        let (kv, ask) = split("host=pit user=a sslmode=verify-full sslrootcert=/x/ca.pem");
        assert_eq!(kv, "host=pit user=a sslmode=require");
        assert_eq!(ask, TlsAsk { any_name: false, root_cert: Some("/x/ca.pem".into()) });
        let plain = "postgresql://a@pit/db?sslmode=require";
        assert_eq!(split(plain), (plain.to_string(), TlsAsk::default()));
    }
}
