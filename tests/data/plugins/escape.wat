;; Hostile: logs terminal commands (clear the screen, set the window's title, a forged
;; "ok" line), then traps so that the log is shown.
(module
  (import "tessel" "log" (func $log (param i32 i32)))
  (memory (export "memory") 1)
  (data (i32.const 16) "\1b[2J\1b]0;owned\07\0d/tmp/x.tessel: ok")
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (call $log (i32.const 16) (i32.const 33))
    (unreachable)))
