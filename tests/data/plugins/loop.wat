;; Hostile: loops forever when asked for moves.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (loop $forever (br $forever))
    (i32.const 0)))
