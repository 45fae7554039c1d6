//! `--coverage`, `--profile` and `--flamegraph`: files opened with the run's other
//! outputs, recorders on the machine during the run, reports written after it.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use c64emu::Machine;
use c64harness::{Coverage, DebugInfo, ProfileHandle, Profiler, SourceIndex, Tee};

use super::{Args, Console, EXIT_IO, Fail, fail, output_fail};
use crate::output::{Outputs, Stream};

/// `--coverage`, `--profile` and `--flamegraph`: files opened before the run,
/// recorders on the machine during it, reports written after.
pub struct Reports {
    coverage: Option<(PathBuf, Stream)>,
    profile: Option<(PathBuf, Option<Stream>)>,
    flamegraph: Option<(PathBuf, Stream)>,
    recording: Option<Coverage>,
    profiling: Option<ProfileHandle>,
}

impl Reports {
    /// Checks and stages the report files with the run's other outputs: they are
    /// written at the end, all together or not at all, never over an input.
    pub fn open(args: &Args, outputs: &mut Outputs) -> Result<Reports, Fail> {
        let mut open = |p: &Option<PathBuf>, what: &str| -> Result<_, Fail> {
            p.as_ref()
                .map(|p| {
                    let f = outputs.stream(p, what).map_err(output_fail)?;
                    Ok((p.clone(), f))
                })
                .transpose()
        };
        let coverage = open(&args.coverage, "--coverage")?;
        let flamegraph = open(&args.flamegraph, "--flamegraph")?;
        let profile = match &args.profile {
            Some(p) if p.as_os_str() == "-" => {
                outputs.claim_stdout("--profile").map_err(output_fail)?;
                Some((p.clone(), None))
            }
            Some(p) => Some((
                p.clone(),
                Some(outputs.stream(p, "--profile").map_err(output_fail)?),
            )),
            None => None,
        };
        Ok(Reports {
            coverage,
            profile,
            flamegraph,
            recording: None,
            profiling: None,
        })
    }

    pub fn start(&mut self, m: &mut Machine, info: Option<&Arc<DebugInfo>>) {
        let mut observers = Vec::new();
        if let (Some(_), Some(info)) = (&self.coverage, info) {
            let cov = Coverage::new(info.clone());
            observers.push(cov.recorder());
            self.recording = Some(cov);
        }
        if self.profile.is_some() || self.flamegraph.is_some() {
            let (p, handle) = Profiler::new(None, m.cpu_cycles());
            observers.push(p);
            self.profiling = Some(handle);
        }
        m.set_observer(Tee::of(observers));
    }

    pub fn finish(
        &mut self,
        m: &mut Machine,
        info: Option<&Arc<DebugInfo>>,
        con: &mut Console,
    ) -> Result<(), Fail> {
        m.set_observer(None);
        let write = |path: &Path, mut f: Stream, bytes: &[u8]| {
            f.write_all(bytes)
                .and_then(|()| f.flush())
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))
        };
        if let (Some((path, f)), Some(cov)) = (self.coverage.take(), &self.recording) {
            write(&path, f, cov.lcov().as_bytes())?;
        }
        let Some(handle) = &self.profiling else {
            return Ok(());
        };
        let empty;
        let info = match info {
            Some(i) => i,
            None => {
                empty = DebugInfo::new("program", SourceIndex::empty(), Vec::new(), Vec::new());
                &empty
            }
        };
        let profile = handle.finish(m.cpu_cycles(), |a| {
            m.label_at(a)
                .map(str::to_string)
                .unwrap_or_else(|| c64harness::routine_name(info, a))
        });
        match self.profile.take() {
            Some((_, None)) => con.out(&profile.table()),
            Some((path, Some(f))) => write(&path, f, profile.folded().as_bytes())?,
            None => {}
        }
        if let Some((path, f)) = self.flamegraph.take() {
            let title = format!("c64kit run: {} cycles", profile.total_cycles());
            let mut w = std::io::BufWriter::new(f);
            profile
                .flamegraph(&title, &mut w)
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
            w.flush()
                .map_err(|e| fail(EXIT_IO, format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(())
    }
}
