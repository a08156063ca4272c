module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8xf32>, %arg1: tensor<2x8x4xf32>) -> (tensor<2x8xf32> {jax.result_info = "result[0]"}, tensor<2x8x8xf32> {jax.result_info = "result[1]"}, tensor<2x4xf32> {jax.result_info = "result[2]"}, tensor<2x8x4xf32> {jax.result_info = "result[3]"}, tensor<2x4x8xf32> {jax.result_info = "result[4]"}) {
    %0:2 = call @eigh(%arg0) : (tensor<2x8x8xf32>) -> (tensor<2x8xf32>, tensor<2x8x8xf32>)
    %1:3 = call @svd(%arg1) : (tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>)
    %2 = stablehlo.broadcast_in_dim %0#0, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x1x8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<2x1x8xf32>) -> tensor<2x8x8xf32>
    %4 = stablehlo.multiply %0#1, %3 : tensor<2x8x8xf32>
    %5 = stablehlo.transpose %0#1, dims = [0, 2, 1] : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %6 = stablehlo.dot_general %4, %5, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %7 = stablehlo.broadcast_in_dim %1#1, dims = [0, 2] : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x4xf32>) -> tensor<2x8x4xf32>
    %9 = stablehlo.multiply %1#0, %8 : tensor<2x8x4xf32>
    %10 = stablehlo.dot_general %9, %1#2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x8x4xf32>, tensor<2x4x4xf32>) -> tensor<2x8x4xf32>
    %11 = call @_pinv(%arg1) : (tensor<2x8x4xf32>) -> tensor<2x4x8xf32>
    return %0#0, %6, %1#1, %10, %11 : tensor<2x8xf32>, tensor<2x8x8xf32>, tensor<2x4xf32>, tensor<2x8x4xf32>, tensor<2x4x8xf32>
  }
  func.func private @eigh(%arg0: tensor<2x8x8xf32>) -> (tensor<2x8xf32>, tensor<2x8x8xf32>) {
    %0 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2x8x8xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x8x8xf32>
    %4:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%3) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=8, k=8, l=8, m=8, n=8}, custom>} : (tensor<2x8x8xf32>) -> (tensor<2x8x8xf32>, tensor<2x8xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare EQ, %4#2, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x8xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x8xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x8x8xi1>, tensor<2x8x8xf32>
    %11 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x8xi1>
    %14 = stablehlo.select %13, %4#1, %12 : tensor<2x8xi1>, tensor<2x8xf32>
    return %14, %10 : tensor<2x8xf32>, tensor<2x8x8xf32>
  }
  func.func private @svd(%arg0: tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>) {
    %0:5 = stablehlo.custom_call @lapack_sgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=2, j=8, k=4, l=8, m=4, n=4, o=8, p=4, q=4, r=4}, custom>} : (tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x8x4xf32>, tensor<2x4x4xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<2x4xi1>, tensor<2x4xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x4xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x4xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<2x8x4xi1>, tensor<2x8x4xf32>
    %11 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<2x4x4xi1>, tensor<2x4x4xf32>
    return %10, %6, %14 : tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>
  }
  func.func private @_pinv(%arg0: tensor<2x8x4xf32>) -> tensor<2x4x8xf32> {
    %cst = stablehlo.constant dense<8.000000e+01> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %0 = stablehlo.multiply %cst, %cst_0 : tensor<f32>
    %1:3 = call @svd_0(%arg0) : (tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>)
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %4 = stablehlo.slice %1#1 [0:2, 0:1] : (tensor<2x4xf32>) -> tensor<2x1xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<2x1xf32>
    %6 = stablehlo.multiply %5, %4 : tensor<2x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
    %8 = stablehlo.compare GT, %1#1, %7, FLOAT : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    %cst_1 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %9 = call @_where(%8, %1#1, %cst_1) : (tensor<2x4xi1>, tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %10 = stablehlo.transpose %1#2, dims = [0, 2, 1] : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    %11 = stablehlo.transpose %1#0, dims = [0, 2, 1] : (tensor<2x8x4xf32>) -> tensor<2x4x8xf32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<2x4x1xf32>) -> tensor<2x4x8xf32>
    %14 = stablehlo.divide %11, %13 : tensor<2x4x8xf32>
    %15 = stablehlo.dot_general %10, %14, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x4x4xf32>, tensor<2x4x8xf32>) -> tensor<2x4x8xf32>
    return %15 : tensor<2x4x8xf32>
  }
  func.func private @svd_0(%arg0: tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>) {
    %0:5 = stablehlo.custom_call @lapack_sgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=2, j=8, k=4, l=8, m=4, n=4, o=8, p=4, q=4, r=4}, custom>} : (tensor<2x8x4xf32>) -> (tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x8x4xf32>, tensor<2x4x4xf32>, tensor<2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xi1>) -> tensor<2x4xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<2x4xi1>, tensor<2x4xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x4xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x8x4xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<2x8x4xi1>, tensor<2x8x4xf32>
    %11 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x4x4xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<2x4x4xi1>, tensor<2x4x4xf32>
    return %10, %6, %14 : tensor<2x8x4xf32>, tensor<2x4xf32>, tensor<2x4x4xf32>
  }
  func.func private @_where(%arg0: tensor<2x4xi1>, %arg1: tensor<2x4xf32>, %arg2: tensor<f32>) -> tensor<2x4xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<2x4xi1>, tensor<2x4xf32>
    return %2 : tensor<2x4xf32>
  }
}
