//! WebAssembly plug-ins: modules that propose a piece's moves. Each is compiled once
//! (wasmtime, Cranelift) and run in a fresh sandbox for every call: no imports but
//! `tessel.log`, a fuel budget, a memory limit and an epoch deadline. The ABI is in
//! docs/plugins.md; this module writes the position view, calls the module and reads its
//! answer back, and turns every way a module can fail into a `PluginError`. Because
//! nothing outlives a call, a module's answers are a function of its view: they are
//! remembered by view (`Answered`) and a view seen before is not run again.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use wasmtime::{
    Caller, Config, Engine, Instance, InstanceAllocationStrategy, InstancePre, Linker, Module,
    PoolingAllocationConfig, Store, StoreLimits, StoreLimitsBuilder, Trap,
};

/// The ABI version this host speaks (`tessel_abi_version` must return it).
pub const ABI_VERSION: i32 = 1;
/// Fuel for one call: roughly this many WebAssembly instructions.
pub const FUEL: u64 = 10_000_000;
/// The most memory a module may have, in bytes (16 pages of 64 KiB).
pub const MEMORY_LIMIT: usize = 16 * 65536;
/// Epoch ticks (of `TICK`) a call may last, whatever its fuel.
pub const DEADLINE_TICKS: u64 = 20;
const TICK: Duration = Duration::from_millis(50);
/// The most answers a call may give.
pub const MAX_ANSWERS: u32 = 4096;
/// The most bytes of log a call may write.
const MAX_LOG: usize = 4096;

/// What a module answered: one of the ABI's kinds (`1` move, `2` capture, `3` fend,
/// `4` push, `5` swap, `6` set an attribute) and its four numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub kind: i32,
    pub args: [i32; 4],
}

impl Answer {
    pub const MOVE: i32 = 1;
    pub const CAPTURE: i32 = 2;
    pub const FEND: i32 = 3;
    pub const PUSH: i32 = 4;
    pub const SWAP: i32 = 5;
    pub const SET: i32 = 6;
}

/// Why a plug-in could not be used or gave no answer: always names the plug-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PluginError {
    pub plugin: String,
    pub message: String,
}

impl std::fmt::Display for PluginError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "plug-in `{}`: {}", self.plugin, self.message)
    }
}

impl std::error::Error for PluginError {}

/// A compiled module, ready to be called; cheap to clone (clones share what it answered).
#[derive(Clone)]
pub struct Plugin {
    name: String,
    /// The module linked with the host's one import, ready to be instantiated.
    pre: Arc<InstancePre<Sandbox>>,
    answered: Arc<Mutex<Answered>>,
}

/// The most words of views remembered with their answers, per plug-in (16 MiB); past it
/// the memory starts again empty.
const REMEMBERED_WORDS: usize = 4 << 20;

/// A plug-in's answers by the view they answered. Only answers are kept, never a failure
/// (a call stopped by its deadline might succeed another time).
#[derive(Default)]
struct Answered {
    by_view: HashMap<Box<[i32]>, Arc<[Answer]>, rustc_hash::FxBuildHasher>,
    words: usize,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Plugin({})", self.name)
    }
}

/// The one engine every plug-in is compiled with, and the thread that ticks its epoch.
fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    static TICKING: AtomicBool = AtomicBool::new(false);
    let engine = ENGINE.get_or_init(|| {
        let mut config = Config::new();
        config.consume_fuel(true);
        config.epoch_interruption(true);
        let plain = config.clone();
        config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool()));
        config.memory_reservation(MEMORY_LIMIT as u64);
        config.memory_guard_size(GUARD as u64);
        config.memory_reservation_for_growth(0);
        // Where the pool's address space cannot be had (a low `ulimit -v`), each call maps
        // its own memory: slower, the same answers.
        Engine::new(&config)
            .or_else(|_| Engine::new(&plain))
            .expect("the plug-in engine's settings are valid")
    });
    if !TICKING.swap(true, Ordering::SeqCst) {
        let ticking = engine.clone();
        std::thread::spawn(move || loop {
            std::thread::sleep(TICK);
            ticking.increment_epoch();
        });
    }
    engine
}

/// Guard pages after each pooled memory.
const GUARD: usize = 64 * 1024;
/// How much of a pooled memory is wiped by writing zeros (two pages, what the bundled
/// plug-ins declare); the rest is handed back to the system and comes back zeroed.
const WIPED: usize = 2 * 65536;
/// Sandboxes that may be alive at once (one a thread at a time; far more than cores). A
/// call beyond them waits for one to be given back (see [`Slot`]).
const SANDBOXES: u32 = 256;

/// One of the [`SANDBOXES`], taken for a call and given back when dropped — after the
/// call's store, which gives its pool slot back as it goes. More threads than slots (a
/// busy server) wait their turn rather than fail in the plug-in's name.
struct Slot;

/// The slots free, and a signal when one is given back.
fn slots() -> &'static (Mutex<u32>, Condvar) {
    static SLOTS: OnceLock<(Mutex<u32>, Condvar)> = OnceLock::new();
    SLOTS.get_or_init(|| (Mutex::new(SANDBOXES), Condvar::new()))
}

impl Slot {
    fn take() -> Slot {
        let (free, given_back) = slots();
        let mut free = free.lock().unwrap_or_else(PoisonError::into_inner);
        while *free == 0 {
            free = given_back
                .wait(free)
                .unwrap_or_else(PoisonError::into_inner);
        }
        *free -= 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (free, given_back) = slots();
        *free.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        given_back.notify_one();
    }
}

/// The pooled sandboxes: a call's memory and instance are taken from slots made once and
/// wiped between calls (the module starts afresh every time), not mapped and unmapped.
fn pool() -> PoolingAllocationConfig {
    let mut pool = PoolingAllocationConfig::new();
    pool.total_core_instances(SANDBOXES)
        .total_memories(SANDBOXES)
        .total_tables(SANDBOXES)
        .total_component_instances(0)
        .max_memory_size(MEMORY_LIMIT)
        .linear_memory_keep_resident(WIPED)
        .table_keep_resident(64 * 1024);
    pool
}

/// The host's one import, `tessel.log`: a line of the module's text, kept for the error
/// message if the call fails.
fn linker() -> Result<Linker<Sandbox>, wasmtime::Error> {
    let mut linker = Linker::new(engine());
    linker.func_wrap(
        "tessel",
        "log",
        |mut caller: Caller<'_, Sandbox>, ptr: i32, len: i32| {
            let Some(memory) = caller.get_export("memory").and_then(|e| e.into_memory()) else {
                return;
            };
            let (data, sandbox) = memory.data_and_store_mut(&mut caller);
            let (Ok(start), Ok(len)) = (usize::try_from(ptr), usize::try_from(len)) else {
                return;
            };
            let end = start.saturating_add(len.min(MAX_LOG));
            if let Some(bytes) = data.get(start..end) {
                if sandbox.log.len() < MAX_LOG {
                    sandbox.log.push_str(&String::from_utf8_lossy(bytes));
                    sandbox.log.push('\n');
                }
            }
        },
    )?;
    Ok(linker)
}

/// What a call's store holds: its limits and what the module logged.
struct Sandbox {
    limits: StoreLimits,
    log: String,
}

impl Plugin {
    /// Compiles a module (WebAssembly text or binary) and checks it against the ABI: no
    /// imports but `tessel.log`, the four exports, the right version.
    pub fn load(name: &str, bytes: &[u8]) -> Result<Plugin, PluginError> {
        let fail = |message: String| PluginError {
            plugin: name.to_string(),
            message,
        };
        let module = compiled(bytes)
            .map_err(|e| fail(format!("is not a WebAssembly module: {}", first_line(&e))))?;
        for import in module.imports() {
            if (import.module(), import.name()) != ("tessel", "log") {
                return Err(fail(format!(
                    "imports `{}.{}`; a plug-in may import only `tessel.log`",
                    import.module(),
                    import.name()
                )));
            }
        }
        // Each export, with the type docs/plugins.md gives it (i32 parameters, an i32 result).
        for (export, params, shape) in [
            ("memory", None, "a memory"),
            ("tessel_abi_version", Some(0), "a function `() -> i32`"),
            ("tessel_input", Some(1), "a function `(len: i32) -> i32`"),
            ("tessel_moves", Some(1), "a function `(len: i32) -> i32`"),
        ] {
            let fits = match (module.get_export(export), params) {
                (None, _) => {
                    return Err(fail(format!(
                        "does not export `{export}` (see docs/plugins.md)"
                    )))
                }
                (Some(wasmtime::ExternType::Memory(_)), None) => true,
                (Some(wasmtime::ExternType::Func(f)), Some(n)) => {
                    f.params().len() == n
                        && f.params().all(|p| matches!(p, wasmtime::ValType::I32))
                        && f.results().len() == 1
                        && f.results().all(|r| matches!(r, wasmtime::ValType::I32))
                }
                _ => false,
            };
            if !fits {
                return Err(fail(format!(
                    "exports `{export}`, but not as {shape} (see docs/plugins.md)"
                )));
            }
        }
        let pre = linker()
            .and_then(|l| l.instantiate_pre(&module))
            .map_err(|e| fail(format!("cannot be linked: {}", first_line(&e))))?;
        let plugin = Plugin {
            name: name.to_string(),
            pre: Arc::new(pre),
            answered: Arc::default(),
        };
        let (_slot, mut store, instance) = plugin.instantiate()?;
        let version = instance
            .get_typed_func::<(), i32>(&mut store, "tessel_abi_version")
            .map_err(|_| fail("`tessel_abi_version` must take nothing and return an i32".into()))?
            .call(&mut store, ())
            .map_err(|e| plugin.trap(e, &store))?;
        if version != ABI_VERSION {
            return Err(fail(format!(
                "speaks ABI version {version}; this Tessel speaks version {ABI_VERSION}"
            )));
        }
        Ok(plugin)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    fn fail(&self, message: impl Into<String>) -> PluginError {
        PluginError {
            plugin: self.name.clone(),
            message: message.into(),
        }
    }

    /// A fresh sandbox and instance: nothing is kept from one call to the next. The slot
    /// must outlive the store (bind it first: `let (_slot, mut store, instance)`).
    fn instantiate(&self) -> Result<(Slot, Store<Sandbox>, Instance), PluginError> {
        let slot = Slot::take();
        let limits = StoreLimitsBuilder::new()
            .memory_size(MEMORY_LIMIT)
            .instances(1)
            .tables(1)
            .memories(1)
            .trap_on_grow_failure(true)
            .build();
        let mut store = Store::new(
            engine(),
            Sandbox {
                limits,
                log: String::new(),
            },
        );
        store.limiter(|s| &mut s.limits);
        store
            .set_fuel(FUEL)
            .map_err(|e| self.fail(format!("cannot be given fuel: {}", first_line(&e))))?;
        store.set_epoch_deadline(DEADLINE_TICKS);
        let instance = self
            .pre
            .instantiate(&mut store)
            .map_err(|e| self.trap(e, &store))?;
        Ok((slot, store, instance))
    }

    /// Says what went wrong in a call, in the player's words.
    fn trap(&self, e: wasmtime::Error, store: &Store<Sandbox>) -> PluginError {
        let mut message = match e.downcast_ref::<Trap>() {
            Some(Trap::OutOfFuel) => {
                format!("ran out of fuel ({FUEL} instructions): it may loop forever")
            }
            Some(Trap::Interrupt) => "took too long and was stopped".to_string(),
            Some(trap) => format!("trapped: {trap}"),
            None if format!("{e:?}").contains("grow") => format!(
                "tried to grow its memory past the limit of {} KiB",
                MEMORY_LIMIT / 1024
            ),
            None => format!("failed: {}", first_line(&e)),
        };
        if !store.data().log.is_empty() {
            message += &format!(" (it logged: {})", store.data().log.trim_end());
        }
        self.fail(message)
    }

    /// The module's answers to a position view (docs/plugins.md): remembered if it was
    /// asked this view before, else run.
    pub fn call(&self, view: &[i32]) -> Result<Arc<[Answer]>, PluginError> {
        let known = |a: &Answered| a.by_view.get(view).cloned();
        if let Some(answers) = self.answered.lock().ok().and_then(|a| known(&a)) {
            return Ok(answers);
        }
        let answers: Arc<[Answer]> = self.run(view)?.into();
        if let Ok(mut a) = self.answered.lock() {
            let words = view.len() + 5 * answers.len();
            if a.words + words > REMEMBERED_WORDS {
                *a = Answered::default();
            }
            a.words += words;
            a.by_view.insert(view.into(), answers.clone());
        }
        Ok(answers)
    }

    /// Forgets every answer remembered.
    pub fn forget(&self) {
        if let Ok(mut a) = self.answered.lock() {
            *a = Answered::default();
        }
    }

    /// Runs the module on a position view in a fresh sandbox and reads its answers.
    fn run(&self, view: &[i32]) -> Result<Vec<Answer>, PluginError> {
        let (_slot, mut store, instance) = self.instantiate()?;
        let memory = instance
            .get_memory(&mut store, "memory")
            .ok_or_else(|| self.fail("`memory` is not a memory"))?;
        let input = instance
            .get_typed_func::<i32, i32>(&mut store, "tessel_input")
            .map_err(|_| self.fail("`tessel_input` must take an i32 and return an i32"))?;
        let moves = instance
            .get_typed_func::<i32, i32>(&mut store, "tessel_moves")
            .map_err(|_| self.fail("`tessel_moves` must take an i32 and return an i32"))?;
        let bytes: Vec<u8> = view.iter().flat_map(|w| w.to_le_bytes()).collect();
        let len = i32::try_from(bytes.len()).map_err(|_| self.fail("the view is too large"))?;
        let at = input
            .call(&mut store, len)
            .map_err(|e| self.trap(e, &store))?;
        let at = usize::try_from(at)
            .map_err(|_| self.fail(format!("`tessel_input` gave a bad address ({at})")))?;
        memory.write(&mut store, at, &bytes).map_err(|_| {
            self.fail(format!(
                "`tessel_input` gave room at {at} that is not inside its memory"
            ))
        })?;
        let out = moves
            .call(&mut store, len)
            .map_err(|e| self.trap(e, &store))?;
        let out = usize::try_from(out)
            .map_err(|_| self.fail(format!("`tessel_moves` gave a bad address ({out})")))?;
        let mut word = [0u8; 4];
        let read = |store: &Store<Sandbox>, at: usize, word: &mut [u8; 4]| {
            memory
                .read(store, at, word)
                .map(|()| i32::from_le_bytes(*word))
        };
        let count = read(&store, out, &mut word)
            .map_err(|_| self.fail(format!("its answer at {out} is not inside its memory")))?;
        let count = u32::try_from(count)
            .ok()
            .filter(|&c| c <= MAX_ANSWERS)
            .ok_or_else(|| {
                self.fail(format!(
                    "says it has {count} answers; it may give 0 to {MAX_ANSWERS}"
                ))
            })?;
        let mut answers = Vec::with_capacity(count as usize);
        for i in 0..count as usize {
            let base = out + 4 + i * 20;
            let mut w = [0i32; 5];
            for (k, slot) in w.iter_mut().enumerate() {
                *slot = read(&store, base + 4 * k, &mut word)
                    .map_err(|_| self.fail(format!("its answer {} runs past its memory", i + 1)))?;
            }
            answers.push(Answer {
                kind: w[0],
                args: [w[1], w[2], w[3], w[4]],
            });
        }
        Ok(answers)
    }
}

/// A module compiled once per program run, however many games load it.
fn compiled(bytes: &[u8]) -> Result<Module, wasmtime::Error> {
    static CACHE: OnceLock<Mutex<HashMap<Vec<u8>, Module>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(m) = cache.lock().ok().and_then(|c| c.get(bytes).cloned()) {
        return Ok(m);
    }
    within_bounds(bytes).map_err(wasmtime::Error::msg)?;
    let module = Module::new(engine(), bytes)?;
    if let Ok(mut c) = cache.lock() {
        c.insert(bytes.to_vec(), module.clone());
    }
    Ok(module)
}

/// The largest module compiled, in bytes of WebAssembly (after the text format is read).
pub const MAX_MODULE_BYTES: usize = 4 << 20;
/// The most functions a module may define: compiling is paid on every command, and grows
/// with the number of functions.
pub const MAX_FUNCTIONS: u32 = 10_000;

/// Refuses a module too large to compile at every start, before it is compiled.
fn within_bounds(bytes: &[u8]) -> Result<(), String> {
    let binary = wat::parse_bytes(bytes).map_err(|e| e.to_string())?;
    if binary.len() > MAX_MODULE_BYTES {
        return Err(format!(
            "the module is {} bytes; a plug-in may have at most {MAX_MODULE_BYTES}",
            binary.len()
        ));
    }
    for payload in wasmparser::Parser::new(0).parse_all(&binary) {
        if let Ok(wasmparser::Payload::FunctionSection(functions)) = payload {
            if functions.count() > MAX_FUNCTIONS {
                return Err(format!(
                    "the module defines {} functions; a plug-in may define at most {MAX_FUNCTIONS}",
                    functions.count()
                ));
            }
        }
    }
    Ok(())
}

/// The first line of an error's message.
fn first_line(e: &wasmtime::Error) -> String {
    format!("{e}").lines().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers one move to the cell named by the view's first word, after a loop of `spin`
    /// rounds (long enough, in the thousands, that calls overlap).
    fn echoing(spin: u32) -> String {
        format!(
            r#"(module
      (memory (export "memory") 1)
      (func (export "tessel_abi_version") (result i32) i32.const 1)
      (func (export "tessel_input") (param i32) (result i32) i32.const 1024)
      (func (export "tessel_moves") (param i32) (result i32) (local i32)
        (local.set 1 (i32.const {spin}))
        (block $done (loop $spin
          (br_if $done (i32.eqz (local.get 1)))
          (local.set 1 (i32.sub (local.get 1) (i32.const 1)))
          (br $spin)))
        (i32.store (i32.const 0) (i32.const 1))
        (i32.store (i32.const 4) (i32.const 1))
        (i32.store (i32.const 8) (i32.load (i32.const 1024)))
        i32.const 0))"#
        )
    }

    #[test]
    fn a_view_seen_before_is_answered_from_memory() {
        let plugin = Plugin::load("echoing", echoing(0).as_bytes()).unwrap();
        let first = plugin.call(&[7, 1]).unwrap();
        assert_eq!(first[0].args[0], 7);
        let again = plugin.call(&[7, 1]).unwrap();
        assert!(
            Arc::ptr_eq(&first, &again),
            "the same view is not run twice"
        );
        assert_eq!(plugin.call(&[9, 1]).unwrap()[0].args[0], 9);
        assert_eq!(plugin.answered.lock().unwrap().by_view.len(), 2);
    }

    /// Without the slots, calls beyond the pool's failed in the plug-in's name ("maximum
    /// concurrent limit of 256 for core instances reached"; about one run in four on the
    /// 2-core machine, whenever enough of them were alive at once).
    #[test]
    fn more_calls_at_once_than_the_pool_has_sandboxes_wait_for_one() {
        let plugin = Plugin::load("slow", echoing(300_000).as_bytes()).unwrap();
        let callers = 2 * SANDBOXES as usize + 88;
        let start = std::sync::Barrier::new(callers);
        std::thread::scope(|scope| {
            let calls: Vec<_> = (0..callers as i32)
                .map(|cell| {
                    let (plugin, start) = (&plugin, &start);
                    scope.spawn(move || {
                        start.wait();
                        plugin.call(&[cell]).map(|a| a[0].args[0])
                    })
                })
                .collect();
            for (cell, call) in calls.into_iter().enumerate() {
                assert_eq!(call.join().unwrap(), Ok(cell as i32));
            }
        });
    }

    #[test]
    fn sandboxes_are_taken_and_given_back_more_times_than_the_pool_holds() {
        let plugin = Plugin::load("echoing", echoing(0).as_bytes()).unwrap();
        for cell in 0..2 * SANDBOXES as i32 {
            assert_eq!(plugin.call(&[cell]).unwrap()[0].args[0], cell);
        }
    }
}
