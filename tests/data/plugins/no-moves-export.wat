;; Hostile: lacks `tessel_moves`.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024)))
