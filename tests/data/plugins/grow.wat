;; Hostile: asks for 64 MiB of memory.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (drop (memory.grow (i32.const 1024)))
    (i32.const 0)))
