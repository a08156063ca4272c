module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>, %arg1: tensor<4x2xf32>) -> (tensor<4x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<4x4xf32>
    %8 = stablehlo.add %arg0, %7 : tensor<4x4xf32>
    %9 = call @solve(%8, %arg1) : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    return %9 : tensor<4x2xf32>
  }
  func.func private @solve(%arg0: tensor<4x4xf32>, %arg1: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf32>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_4, %c_6 : tensor<i32>
      %c_7 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_8 = stablehlo.constant dense<4> : tensor<i32>
      %17 = stablehlo.add %16, %c_8 : tensor<i32>
      %18 = stablehlo.select %15, %17, %iterArg_4 : tensor<i1>, tensor<i32>
      %19 = stablehlo.dynamic_slice %iterArg, %18, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
      %20 = stablehlo.reshape %19 : (tensor<1xi32>) -> tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %21 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %22 = stablehlo.convert %iterArg_4 : tensor<i32>
      %c_10 = stablehlo.constant dense<4> : tensor<i32>
      %23 = stablehlo.add %22, %c_10 : tensor<i32>
      %24 = stablehlo.select %21, %23, %iterArg_4 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %iterArg_5, %24, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
      %26 = stablehlo.reshape %25 : (tensor<1xi32>) -> tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %20, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<4> : tensor<i32>
      %28 = stablehlo.add %20, %c_12 : tensor<i32>
      %29 = stablehlo.select %27, %28, %20 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_5, %29, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
      %31 = stablehlo.reshape %30 : (tensor<1xi32>) -> tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.compare LT, %iterArg_4, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<4> : tensor<i32>
      %33 = stablehlo.add %iterArg_4, %c_14 : tensor<i32>
      %34 = stablehlo.select %32, %33, %iterArg_4 : tensor<i1>, tensor<i32>
      %35 = stablehlo.convert %34 : tensor<i32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %37 = "stablehlo.scatter"(%iterArg_5, %36, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %20, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<4> : tensor<i32>
      %39 = stablehlo.add %20, %c_16 : tensor<i32>
      %40 = stablehlo.select %38, %39, %20 : tensor<i1>, tensor<i32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [] : (tensor<i32>) -> tensor<1xi32>
      %42 = "stablehlo.scatter"(%37, %41, %26) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
      ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
        stablehlo.return %arg3 : tensor<i32>
      }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %43 = stablehlo.add %iterArg_3, %c_17 : tensor<i32>
      stablehlo.return %iterArg, %43, %14, %42 : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x2xf32>) -> tensor<2x4xf32>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<4x4xf32>, tensor<4xi32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
    return %13 : tensor<4x2xf32>
  }
  func.func private @_lu_solve(%arg0: tensor<4x4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<2x4xf32>) -> tensor<2x4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<4xi1>, tensor<4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1, 1>}> : (tensor<2x4x1xf32>, tensor<4x1xi32>) -> tensor<2x4x1xf32>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<2x4x1xf32>) -> tensor<4x1x2xf32>
    %9 = stablehlo.reshape %8 : (tensor<4x1x2xf32>) -> tensor<4x2xf32>
    %10 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    %11 = stablehlo.reshape %10 : (tensor<4x2xf32>) -> tensor<4x1x2xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x1x2xf32>) -> tensor<4x2xf32>
    %13 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    %14 = stablehlo.reshape %13 : (tensor<4x2xf32>) -> tensor<4x1x2xf32>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<4x1x2xf32>) -> tensor<2x4x1xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x4x1xf32>) -> tensor<2x4xf32>
    return %16 : tensor<2x4xf32>
  }
}
